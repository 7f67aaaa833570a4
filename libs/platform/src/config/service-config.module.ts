import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { ServiceConfig } from './service-config';
import { SERVICE_CONFIG } from './service-config.tokens';

/**
 * The validated configuration through @nestjs/config: `ConfigService.get('service')` anywhere, and the typed
 * `SERVICE_CONFIG` for our own modules. Validation happens before Nest starts (the HTTP adapter needs the values),
 * so nothing here reads `process.env`.
 */
@Global()
@Module({})
export class ServiceConfigModule {
  static register(config: ServiceConfig): DynamicModule {
    return {
      module: ServiceConfigModule,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ service: config })] })],
      providers: [
        { provide: SERVICE_CONFIG, inject: [ConfigService], useFactory: (configService: ConfigService) => configService.getOrThrow('service') },
      ],
      exports: [SERVICE_CONFIG, ConfigModule],
    };
  }
}
