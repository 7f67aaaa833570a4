import { Injectable, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream, LevelWithSilent } from 'pino';
import { SERVICE_CONFIG, SERVICE_ROLE } from '../config/service-config.tokens';
import type { ServiceConfig } from '../config/service-config';
import { httpLogOptions } from './http-log-options';
import { installRequestFacts } from './request-facts';
import { RequestLogContext } from './request-log-context';

export interface LoggingOptions {
  /** Overrides the configured level (`LOG_LEVEL`, default `info`). */
  level?: LevelWithSilent;
  /** Where the JSON lines go; default standard output. Tests pass an in-memory stream. */
  destination?: DestinationStream;
}

@Injectable()
class RequestFactsInstaller implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) installRequestFacts(fastify);
  }
}

/**
 * Structured logs with nestjs-pino: one JSON line per request (pino-http) and, once the app calls
 * `app.useLogger(app.get(Logger))`, Nest's own log output as JSON lines too. Provides {@link RequestLogContext}.
 */
@Module({})
export class LoggingModule {
  static forRoot(options: LoggingOptions = {}): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      imports: [
        LoggerModule.forRootAsync({
          inject: [
            { token: SERVICE_CONFIG, optional: true },
            { token: SERVICE_ROLE, optional: true },
          ],
          useFactory: (config: ServiceConfig | undefined, role: string | undefined) => {
            const level = options.level ?? config?.logLevel ?? 'info';
            const pinoOptions = httpLogOptions(level, role);
            return { pinoHttp: options.destination ? [pinoOptions, options.destination] : pinoOptions };
          },
        }),
      ],
      providers: [RequestLogContext, RequestFactsInstaller],
      exports: [RequestLogContext, LoggerModule],
    };
  }
}

