import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream, LevelWithSilent, Logger } from 'pino';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG, SERVICE_ROLE } from '../config/service-config.tokens';
import { REQUEST_LOG_FIELDS } from './log-fields';
import { PinoNestLogger } from './nest-logger';
import { installRequestLog } from './request-log';
import { createServiceLogger, SERVICE_LOGGER } from './service-logger';

export interface LoggingOptions {
  /** Overrides the configured level (`LOG_LEVEL`, default `info`). */
  level?: LevelWithSilent;
  /** Where the JSON lines go; default standard output. Tests pass an in-memory stream. */
  destination?: DestinationStream;
}

@Injectable()
class RequestLogInstaller implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    @Optional() @Inject(REQUEST_LOG_FIELDS) private readonly fieldNames: readonly string[] = [],
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) installRequestLog(fastify, this.logger, new Set(this.fieldNames));
  }
}

/**
 * Structured logs with pino: one JSON line per request, and, as {@link PinoNestLogger} (which `createServiceApp`
 * installs with `app.useLogger`), Nest's own messages as JSON lines too.
 */
@Module({})
export class LoggingModule {
  static forRoot(options: LoggingOptions = {}): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      providers: [
        {
          provide: SERVICE_LOGGER,
          inject: [
            { token: SERVICE_CONFIG, optional: true },
            { token: SERVICE_ROLE, optional: true },
          ],
          useFactory: (config: ServiceConfig | undefined, role: string | undefined) =>
            createServiceLogger(options.level ?? config?.logLevel ?? 'info', role, options.destination),
        },
        {
          provide: PinoNestLogger,
          inject: [SERVICE_LOGGER],
          useFactory: (logger: Logger) => new PinoNestLogger(logger),
        },
        RequestLogInstaller,
      ],
      exports: [SERVICE_LOGGER, PinoNestLogger],
    };
  }
}
