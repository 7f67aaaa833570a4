import { collectDefaultMetrics, Registry } from 'prom-client';

/** Injection token of this app instance's prom-client {@link Registry} (never the global default registry). */
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop lag, GC, handles) via `collectDefaultMetrics`. Default true. */
  defaultMetrics?: boolean;
}

export function createMetricsRegistry(options: MetricsOptions = {}): Registry {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  return registry;
}
