import { defineInterfaceGroup } from '@maco/platform';
import { triggersOpenApi } from './openapi/triggers-openapi';
import { triggersConfig } from './triggers.config';
import { TRIGGER_LOG_FIELDS } from './triggers.log-fields';
import { TriggersModule } from './triggers.module';
import { TRIGGER_PROBLEMS } from './triggers.problems';

/** Triggers: the backend starts market processes at the middleware (MACO APP), delivered once, retried until taken. */
export const TRIGGERS_GROUP = defineInterfaceGroup({
  name: 'triggers',
  module: TriggersModule,
  config: triggersConfig,
  problems: TRIGGER_PROBLEMS,
  logFields: TRIGGER_LOG_FIELDS,
  openApi: triggersOpenApi(),
});
