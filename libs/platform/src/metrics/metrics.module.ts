import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Registry } from 'prom-client';
import { HttpMetrics } from './http-metrics';
import { MetricsController } from './metrics.controller';
import { createMetricsRegistry, METRICS_REGISTRY, type MetricsOptions } from './metrics-registry';

@Injectable()
class RegistryLifecycle implements OnApplicationShutdown {
  constructor(@Inject(METRICS_REGISTRY) private readonly registry: Registry) {}

  onApplicationShutdown(): void {
    this.registry.clear();
  }
}

/**
 * Prometheus metrics of one app instance at `GET /metrics` (public): HTTP requests and the process here; groups and
 * libs add theirs to the registry. Global, so they inject `METRICS_REGISTRY` without importing this module.
 */
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsOptions = {}): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [
        { provide: METRICS_REGISTRY, useFactory: () => createMetricsRegistry(options) },
        HttpMetrics,
        RegistryLifecycle,
      ],
      exports: [METRICS_REGISTRY],
    };
  }
}
