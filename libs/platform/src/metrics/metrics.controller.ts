import { Controller, Get, Header, Inject } from '@nestjs/common';
import { prometheusContentType, type Registry } from 'prom-client';
import { Public } from '../http/public.decorator';
import { METRICS_REGISTRY } from './metrics-registry';

/** Prometheus scrape endpoint. Public: it exposes counts and label values, never request data. */
@Controller()
export class MetricsController {
  constructor(@Inject(METRICS_REGISTRY) private readonly registry: Registry) {}

  @Public()
  @Get('metrics')
  @Header('Content-Type', prometheusContentType)
  @Header('Cache-Control', 'no-store')
  metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
