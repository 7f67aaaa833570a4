import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, type Registry } from 'prom-client';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';
import type { RefusedOperation } from '../process-data-api';

/** How a journal entry ended once the database took it: booked, found booked already, or kept in the quarantine. */
export type ReplayOutcome = 'booked' | 'replayed' | 'quarantined';

/**
 * `maco_journal_entries{role}` and `maco_journal_bytes{role}` (read from the journal at scrape time),
 * `maco_journaled_total{role,operation}`, `maco_journal_replayed_total{role,outcome}` and
 * `maco_writes_withheld_total{role,operation}` (neither the database nor the journal could take the write).
 */
@Injectable()
export class JournalMetrics {
  private readonly journaled: Counter<'role' | 'operation'>;
  private readonly replayed: Counter<'role' | 'outcome'>;
  private readonly withheld: Counter<'role' | 'operation'>;
  private usage: () => { entries: number; bytes: number } = () => ({ entries: 0, bytes: 0 });

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly role: string,
  ) {
    const usage = () => this.usage();
    new Gauge({
      name: 'maco_journal_entries',
      help: 'Writes waiting in the write journal for the database, by market role.',
      labelNames: ['role'],
      registers: [registry],
      collect() {
        this.set({ role }, usage().entries);
      },
    });
    new Gauge({
      name: 'maco_journal_bytes',
      help: 'Body bytes waiting in the write journal, by market role.',
      labelNames: ['role'],
      registers: [registry],
      collect() {
        this.set({ role }, usage().bytes);
      },
    });
    this.journaled = new Counter({
      name: 'maco_journaled_total',
      help: 'Writes kept in the write journal because the database could not take them (or entries waited before them), by market role and operation.',
      labelNames: ['role', 'operation'],
      registers: [registry],
    });
    this.replayed = new Counter({
      name: 'maco_journal_replayed_total',
      help: 'Journal entries the database took, by market role and outcome (booked, replayed, quarantined).',
      labelNames: ['role', 'outcome'],
      registers: [registry],
    });
    this.withheld = new Counter({
      name: 'maco_writes_withheld_total',
      help: 'Writes neither the database nor the journal could take, answered by closing the connection (the middleware retries those), by market role and operation.',
      labelNames: ['role', 'operation'],
      registers: [registry],
    });
  }

  readUsageFrom(usage: () => { entries: number; bytes: number }): void {
    this.usage = usage;
  }

  recordJournaled(operation: RefusedOperation): void {
    this.journaled.inc({ role: this.role, operation });
  }

  recordReplayed(outcome: ReplayOutcome): void {
    this.replayed.inc({ role: this.role, outcome });
  }

  recordWithheld(operation: RefusedOperation): void {
    this.withheld.inc({ role: this.role, operation });
  }
}
