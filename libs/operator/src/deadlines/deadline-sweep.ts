import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from '@maco/platform';
import { DeadlineListRepository } from './deadline-list.repository';
import { DeadlineMetrics, messageOf } from './deadline-metrics';

/** How often open deadlines past their due are marked missed. */
export const DEADLINE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Marks the role's open deadlines past their due missed and counts them (`maco_deadlines_missed_total`): once when the
 * app has started, then every minute. Reads do not wait for it (an open deadline past its due already reads as
 * missed); it makes the state stored and the counter move. Instances sharing the database count each row once (the
 * UPDATE returns a row to one of them only). A failing sweep is logged at warn and tried again the next minute; the
 * timer never keeps the process alive and stops, after the sweep in flight, before the pool closes. A role without
 * deadline rules never sweeps.
 */
@Injectable()
export class DeadlineSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Deadlines');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
    private readonly deadlines: DeadlineListRepository,
    private readonly metrics: DeadlineMetrics,
  ) {}

  onApplicationBootstrap(): void {
    // The first sweep starts now, in the background: start-up does not wait for it.
    this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Resolves once no sweep is in flight (tests: the start-up sweep is done). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** One sweep; resolves to how many deadlines it marked missed. Never rejects: a failure is logged and counts 0. */
  async sweep(): Promise<number> {
    try {
      const rules = await this.deadlines.markMissed(this.role);
      this.metrics.missed(rules);
      return rules.length;
    } catch (error) {
      this.logger.warn(`deadline sweep failed (tried again in a minute): ${messageOf(error)}`);
      return 0;
    }
  }

  private run(): void {
    if (this.stopped) return;
    this.running = this.sweep().then(() => {
      this.running = undefined;
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.run(), DEADLINE_SWEEP_INTERVAL_MS);
    // A pending sweep must not keep the process alive.
    this.timer.unref();
  }
}
