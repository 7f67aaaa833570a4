import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Gauge, type Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRICS_REGISTRY } from './metrics-registry';

/** The counters of a node-postgres `Pool`. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * Connection pool gauges, read from the pg Pool behind TypeORM's DataSource when Prometheus scrapes: connections in
 * use and idle, clients waiting for one, and the pool's maximum. Absent (no samples) while there is no DataSource.
 */
@Injectable()
export class DatabasePoolMetrics {
  private dataSource?: DataSource;

  constructor(@Inject(METRICS_REGISTRY) registry: Registry, private readonly moduleRef: ModuleRef) {
    const connections = new Gauge({
      name: 'maco_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle).',
      labelNames: ['state'],
      registers: [registry],
      collect: () => {
        connections.reset();
        const pool = this.pool();
        if (!pool) return;
        connections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        connections.set({ state: 'idle' }, pool.idleCount);
      },
    });
    const waiting = new Gauge({
      name: 'maco_db_pool_waiting_clients',
      help: 'Queries waiting for a database pool connection.',
      registers: [registry],
      collect: () => {
        const pool = this.pool();
        if (pool) waiting.set(pool.waitingCount);
      },
    });
    const max = new Gauge({
      name: 'maco_db_pool_max_connections',
      help: 'Size limit of the database pool.',
      registers: [registry],
      collect: () => {
        const limit = this.pool()?.options?.max;
        if (limit !== undefined) max.set(limit);
      },
    });
  }

  private pool(): PoolCounts | undefined {
    if (!this.dataSource) {
      try {
        this.dataSource = this.moduleRef.get(DataSource, { strict: false });
      } catch {
        return undefined;
      }
    }
    if (!this.dataSource.isInitialized) return undefined;
    const pool = (this.dataSource.driver as unknown as { master?: Partial<PoolCounts> }).master;
    return typeof pool?.totalCount === 'number' ? (pool as PoolCounts) : undefined;
  }
}
