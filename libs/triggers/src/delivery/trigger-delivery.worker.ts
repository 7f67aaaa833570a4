import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from '@maco/platform';
import { TriggerMetrics } from '../metrics/trigger-metrics';
import { TriggerOutboxRepository } from '../outbox/trigger-outbox.repository';
import { TRIGGERS_CONFIG, type TriggersConfig } from '../triggers.config';
import { TriggerDeliverer } from './trigger-deliverer';

// Deliveries one poll claims and sends side by side; a full batch means more are due, so the next poll follows at once.
const BATCH_SIZE = 10;

/**
 * Delivers the triggers of this service's role that are due again (after a failed attempt, or whose holder died): it
 * polls the outbox every `TRIGGER_POLL_INTERVAL_MS`, claims due rows under a lease (`FOR UPDATE SKIP LOCKED`, so
 * instances sharing the database never send one trigger twice at a time), and lets {@link TriggerDeliverer} send
 * them. Started once the app is up (a restart resumes what was pending), stopped before the database pool closes;
 * without a configured middleware it never starts.
 */
@Injectable()
export class TriggerDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TriggerDeliveryWorker.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private failing = false;

  constructor(
    @Inject(TRIGGERS_CONFIG) private readonly config: TriggersConfig,
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly outbox: TriggerOutboxRepository,
    private readonly deliverer: TriggerDeliverer,
    private readonly metrics: TriggerMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.macoApp) this.schedule(0);
  }

  /** Stops polling and waits for the deliveries in flight (each bounded by `MACO_TIMEOUT_MS`) to record their outcome. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.poll().then((next) => {
        this.running = undefined;
        this.schedule(next);
      });
    }, delayMs);
  }

  /** One round; resolves to the delay until the next. Never rejects: a failing database is logged once per outage. */
  private async poll(): Promise<number> {
    const idle = this.config.delivery.pollIntervalMs;
    try {
      const claims = await this.outbox.claimDue(this.role, BATCH_SIZE, randomUUID(), this.deliverer.leaseMs);
      await Promise.all(
        claims.map((claim) =>
          this.deliverer.attempt(claim).catch((error: unknown) => {
            // Its lease runs out and the delivery becomes due again.
            this.logger.warn(
              `trigger ${claim.prozessId} (${claim.eventname}): outcome not recorded: ${messageOf(error)}`,
            );
          }),
        ),
      );
      this.metrics.openDeliveries(await this.outbox.countOpen(this.role));
      if (this.failing) this.logger.log('trigger delivery resumed: the database answers again');
      this.failing = false;
      return claims.length === BATCH_SIZE ? 0 : idle;
    } catch (error) {
      if (!this.failing) this.logger.warn(`trigger delivery paused: ${messageOf(error)}`);
      this.failing = true;
      return idle;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
