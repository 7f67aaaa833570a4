import { defineInterfaceGroup } from '@maco/platform';
import { consoleConfig } from './console.config';
import { ConsoleModule } from './console.module';
import { CONSOLE_PROBLEMS } from './console.problems';

/** The operator console (apps/console), served under /console/ without a token. */
export const CONSOLE_GROUP = defineInterfaceGroup({
  name: 'console',
  module: ConsoleModule,
  config: consoleConfig,
  problems: CONSOLE_PROBLEMS,
});
