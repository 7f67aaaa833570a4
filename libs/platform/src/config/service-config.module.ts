import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { ConfigEnvironment } from './config-reader';
import type { ServiceConfig } from './service-config';
import { CONFIG_ENVIRONMENT, SERVICE_CONFIG } from './service-config.tokens';

/**
 * The validated configuration through @nestjs/config: `ConfigService.get('service')` anywhere, and the typed
 * `SERVICE_CONFIG` for our own modules. Validation happens before Nest starts (the HTTP adapter needs the values),
 * so nothing here reads `process.env`; `env`, the environment `config` was read from, is where platform reads the
 * groups' configs (`PlatformModule.forService`).
 */
@Global()
@Module({})
export class ServiceConfigModule {
  static register(config: ServiceConfig, env: ConfigEnvironment = process.env): DynamicModule {
    return {
      module: ServiceConfigModule,
      imports: [
        ConfigModule.forRoot({ ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ service: config })] }),
      ],
      providers: [
        {
          provide: SERVICE_CONFIG,
          inject: [ConfigService],
          useFactory: (configService: ConfigService) => configService.getOrThrow('service'),
        },
        { provide: CONFIG_ENVIRONMENT, useValue: env },
      ],
      exports: [SERVICE_CONFIG, CONFIG_ENVIRONMENT, ConfigModule],
    };
  }
}
