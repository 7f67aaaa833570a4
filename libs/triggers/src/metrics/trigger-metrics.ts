import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, type Registry } from 'prom-client';
import { type MarketRole, RELEASES, triggerEventNames } from '@maco/domain';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';

/** How a trigger request was answered. */
export type TriggerOutcome =
  'sent' | 'pending' | 'rejected' | 'failed' | 'replayed' | 'conflict' | 'invalid' | 'unknown_event' | 'unavailable';
/** What one delivery attempt ended in: `retry` is scheduled again, `failed` is given up (refused or attempts spent). */
export type DeliveryOutcome = 'delivered' | 'rejected' | 'retry' | 'failed';

/**
 * `maco_triggers_total{role, eventname, outcome}` per trigger request, `maco_trigger_deliveries_total{role, outcome}`
 * per attempt (the request's and the worker's), `maco_trigger_deliveries_open{role}` (the backlog the worker saw last)
 * and `maco_middleware_token_requests_total{role, outcome}`. Label values are bounded: an event name not in the
 * role's catalogue of any release counts as `other`.
 */
@Injectable()
export class TriggerMetrics {
  private readonly triggers: Counter<'role' | 'eventname' | 'outcome'>;
  private readonly deliveries: Counter<'role' | 'outcome'>;
  private readonly open: Gauge<'role'>;
  private readonly tokens: Counter<'role' | 'outcome'>;
  private readonly knownEvents: Set<string>;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly role: MarketRole,
  ) {
    this.knownEvents = new Set(RELEASES.flatMap((release) => triggerEventNames(release.name, role)));
    this.triggers = new Counter({
      name: 'maco_triggers_total',
      help: 'Trigger requests answered, by market role, event and outcome (sent, pending, rejected, failed, replayed, conflict, invalid, unknown_event, unavailable).',
      labelNames: ['role', 'eventname', 'outcome'],
      registers: [registry],
    });
    this.deliveries = new Counter({
      name: 'maco_trigger_deliveries_total',
      help: 'Attempts to deliver a trigger to the middleware, by outcome (delivered, rejected, retry, failed).',
      labelNames: ['role', 'outcome'],
      registers: [registry],
    });
    this.open = new Gauge({
      name: 'maco_trigger_deliveries_open',
      help: 'Triggers neither delivered nor given up, as the delivery worker last counted them.',
      labelNames: ['role'],
      registers: [registry],
    });
    this.tokens = new Counter({
      name: 'maco_middleware_token_requests_total',
      help: 'Access tokens requested from the middleware, by outcome (issued, failed).',
      labelNames: ['role', 'outcome'],
      registers: [registry],
    });
  }

  trigger(eventname: string, outcome: TriggerOutcome): void {
    this.triggers.inc({ role: this.role, eventname: this.knownEvents.has(eventname) ? eventname : 'other', outcome });
  }

  delivery(outcome: DeliveryOutcome): void {
    this.deliveries.inc({ role: this.role, outcome });
  }

  openDeliveries(count: number): void {
    this.open.set({ role: this.role }, count);
  }

  tokenRequest(outcome: 'issued' | 'failed'): void {
    this.tokens.inc({ role: this.role, outcome });
  }
}
