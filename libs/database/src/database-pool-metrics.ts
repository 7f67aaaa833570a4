import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { METRICS_REGISTRY } from '@maco/platform';
import { PG_POOL } from './database.tokens';

/**
 * Gauges of the service's pg pool, read when Prometheus scrapes: connections in use and idle, clients waiting for one,
 * and the pool's maximum.
 */
@Injectable()
export class DatabasePoolMetrics {
  constructor(@Inject(METRICS_REGISTRY) registry: Registry, @Inject(PG_POOL) pool: Pool) {
    new Gauge({
      name: 'maco_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'maco_db_pool_waiting_clients',
      help: 'Queries waiting for a database pool connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'maco_db_pool_max_connections',
      help: 'Size limit of the database pool.',
      registers: [registry],
      collect() {
        this.set(pool.options.max);
      },
    });
  }
}
