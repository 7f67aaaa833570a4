import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { Counter, type Registry } from 'prom-client';
import { METRICS_REGISTRY, SERVICE_CONFIG, type ServiceConfig } from '@maco/platform';
import { DATABASE_CONNECTION } from '../database.tokens';
import { usableHostUrl } from '../host-list';
import {
  applyRetention,
  ensureRevisionPartitions,
  type RetentionOutcome,
  revisionPartitions,
} from './partition-maintenance';
import { monthOf, revisionPartitionName } from './revision-partitions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the revision partitions of the months ahead and applies the retention (`RETENTION_MONTHS`): once when the
 * service has started (the partitions themselves were ensured before the pool was handed out, see DatabaseModule) and
 * then every day. Each run uses a connection of its own, without the requests' statement timeout (an export can take
 * minutes), and never fails the service: a failed run is logged and retried the next day. Stopped before the database
 * goes: a run in progress ends after its current batch.
 */
@Injectable()
export class PartitionMaintenance implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PartitionMaintenance');
  private readonly retained: Counter<'action'>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: { ownerUrl: string },
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(METRICS_REGISTRY) registry: Registry,
  ) {
    this.retained = new Counter({
      name: 'maco_retention_total',
      help: 'What retention removed: revision partitions dropped, revisions exported, processes deleted, refused writes deleted.',
      labelNames: ['action'],
      registers: [registry],
    });
  }

  onApplicationBootstrap(): void {
    // The partitions are already there (ensured at start-up); retention runs once now, in the background.
    if (this.config.retention.months) this.schedule(0, { partitions: false });
    else this.schedule(DAY_MS, {});
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One run: partitions ahead, then retention when configured. Resolves to the retention's outcome (undefined when off). */
  async run(options: { partitions?: boolean; now?: Date } = {}): Promise<RetentionOutcome | undefined> {
    // Dropping partitions and deleting processes is the owner's right, not the requests' role's; with a host list
    // (failover) on the server that takes writes today.
    const client = new Client({ connectionString: await usableHostUrl(this.connection.ownerUrl) });
    client.on('error', (error) => this.logger.warn(`maintenance connection lost: ${error.message}`));
    await client.connect();
    try {
      if (options.partitions !== false) {
        const created = await ensureRevisionPartitions(client, { now: options.now });
        if (created.length) this.logger.log(`created revision partitions ${created.join(', ')}`);
      }
      const { months, exportDir } = this.config.retention;
      if (!months) return undefined;
      const outcome = await applyRetention(client, {
        months,
        exportDir,
        now: options.now,
        stopping: () => this.stopped,
        log: (message) => this.logger.log(message),
      });
      this.retained.inc({ action: 'partitions_dropped' }, outcome.dropped.length);
      this.retained.inc(
        { action: 'revisions_exported' },
        outcome.exported.reduce((sum, e) => sum + e.rows, 0),
      );
      this.retained.inc({ action: 'processes_deleted' }, outcome.deletedProcesses);
      this.retained.inc({ action: 'refusals_deleted' }, outcome.deletedRefusals);
      return outcome;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private schedule(delayMs: number, options: { partitions?: boolean }): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run(options)
        .catch((error: unknown) =>
          this.logger.warn(`partition maintenance failed (next try in a day): ${(error as Error).message}`),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule(DAY_MS, {});
        });
    }, delayMs);
    // A pending day must not keep the process alive.
    this.timer.unref();
  }
}

/**
 * Ensures the revision partitions ahead on a connection of its own: at start-up, after the migrations and before the
 * pool is handed out, so no request meets a month without a partition. Should that fail (say the table's lock was not
 * had within the lock timeout), the service still starts as long as this month's partition exists: the daily run
 * tries again.
 */
export async function ensureRevisionPartitionsAt(
  url: string,
  logger = new Logger('PartitionMaintenance'),
): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const created = await ensureRevisionPartitions(client);
    if (created.length) logger.log(`created revision partitions ${created.join(', ')}`);
  } catch (error) {
    const partitions = await revisionPartitions(client).catch(() => [] as string[]);
    if (!partitions.includes(revisionPartitionName(monthOf(new Date())))) throw error;
    logger.warn(`revision partitions ahead not created (retried daily): ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
