import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { ServiceConfig } from './service-config';
import { SERVICE_CONFIG } from './service-config.tokens';

@Global()
@Module({})
export class ServiceConfigModule {
  static register(config: ServiceConfig): DynamicModule {
    return {
      module: ServiceConfigModule,
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
