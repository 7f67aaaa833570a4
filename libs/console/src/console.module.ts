import { Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { CONSOLE_CONFIG, type ConsoleConfig, isBuilt } from './console.config';
import { ConsoleController } from './http/console.controller';

/** `GET /console/…`: the operator console (apps/console) as built. */
@Module({ controllers: [ConsoleController] })
export class ConsoleModule implements OnModuleInit {
  private readonly logger = new Logger('console');

  constructor(@Inject(CONSOLE_CONFIG) private readonly config: ConsoleConfig) {}

  onModuleInit(): void {
    if (!isBuilt(this.config.dir)) {
      this.logger.warn(
        `no built console in ${this.config.dir} (${this.config.source}): /console/ answers 404 until \`npx nx run console:build\` has run`,
      );
    }
  }
}
