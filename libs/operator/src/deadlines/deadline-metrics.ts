import { Inject, Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge, type Registry } from 'prom-client';
import { DEADLINE_RULES } from '@maco/domain';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';
import { DeadlineListRepository } from './deadline-list.repository';

/**
 * `maco_deadlines_open{role, rule}`: the open deadlines not yet past their due, counted in one grouped query when
 * Prometheus scrapes (every rule of the role reported, 0 when none). `maco_deadlines_missed_total{role, rule}`: the
 * deadlines the sweep marked missed, each row counted by the one instance whose sweep marked it.
 */
@Injectable()
export class DeadlineMetrics {
  private readonly logger = new Logger('Deadlines');
  private readonly missedTotal: Counter<'role' | 'rule'>;
  /** The scrape's count failed last time: logged once per outage, not on every scrape. */
  private countFailing = false;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly role: string,
    deadlines: DeadlineListRepository,
  ) {
    const rules = DEADLINE_RULES.filter((rule) => rule.role === role).map((rule) => rule.rule);
    // collect() runs with the gauge as `this`: the count's outcome reaches this class through arrows.
    const failed = (error: unknown) => this.countFailed(error);
    const answered = () => this.countResumed();
    new Gauge({
      name: 'maco_deadlines_open',
      help: 'Open answer deadlines not yet past their due, by market role and deadline rule.',
      labelNames: ['role', 'rule'],
      registers: [registry],
      async collect() {
        let counts: Map<string, number>;
        try {
          counts = await deadlines.countOpen(role);
        } catch (error) {
          // A scrape must not fail for it: the series are left out until the database answers again.
          this.reset();
          failed(error);
          return;
        }
        answered();
        this.reset();
        for (const rule of new Set([...rules, ...counts.keys()])) this.set({ role, rule }, counts.get(rule) ?? 0);
      },
    });
    this.missedTotal = new Counter({
      name: 'maco_deadlines_missed_total',
      help: 'Answer deadlines marked missed by the sweep (open past their due), by market role and deadline rule.',
      labelNames: ['role', 'rule'],
      registers: [registry],
    });
    for (const rule of rules) this.missedTotal.inc({ role, rule }, 0);
  }

  /** Counts deadlines the sweep marked missed, one rule id per row. */
  missed(rules: readonly string[]): void {
    for (const rule of rules) this.missedTotal.inc({ role: this.role, rule });
  }

  private countFailed(error: unknown): void {
    if (!this.countFailing) this.logger.warn(`open deadlines not counted: ${messageOf(error)}`);
    this.countFailing = true;
  }

  private countResumed(): void {
    this.countFailing = false;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
