import { Inject, Injectable } from '@nestjs/common';
import { Counter, Histogram, type Registry } from 'prom-client';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';
import { FLAG_NAMES, type Treffer } from '../identify/flags';

/** How an identification request was answered: candidates found, none, refused, or the recorded answer of a retry. */
export type IdentifyOutcome = 'found' | 'none' | 'invalid' | 'replayed';

/**
 * `maco_malo_ident_requests_total{role, outcome}`, `maco_malo_ident_candidates{role}` (candidates per answer) and
 * `maco_malo_ident_flag_hits_total{role, flag}` (each flag that hit on an answered candidate).
 */
@Injectable()
export class MaloIdentMetrics {
  private readonly requests: Counter<'role' | 'outcome'>;
  private readonly candidates: Histogram<'role'>;
  private readonly flags: Counter<'role' | 'flag'>;
  private readonly reads: Counter<'role' | 'outcome'>;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly role: string,
  ) {
    this.requests = new Counter({
      name: 'maco_malo_ident_requests_total',
      help: 'MaLo identification requests (POST /identifyMarketlocation), by market role and outcome (found, none, invalid, replayed).',
      labelNames: ['role', 'outcome'],
      registers: [registry],
    });
    this.candidates = new Histogram({
      name: 'maco_malo_ident_candidates',
      help: 'Candidates per answered MaLo identification request, by market role.',
      labelNames: ['role'],
      buckets: [0, 1, 2, 3, 5, 10, 20, 50, 100],
      registers: [registry],
    });
    this.flags = new Counter({
      name: 'maco_malo_ident_flag_hits_total',
      help: 'Flags (treffer*) that hit on answered candidates, by market role and flag.',
      labelNames: ['role', 'flag'],
      registers: [registry],
    });
    this.reads = new Counter({
      name: 'maco_malo_ident_master_data_reads_total',
      help: 'Master data reads of identified MaLos (GET /getMaloidentMarketlocation), by market role and outcome (found, empty, invalid).',
      labelNames: ['role', 'outcome'],
      registers: [registry],
    });
  }

  request(outcome: IdentifyOutcome): void {
    this.requests.inc({ role: this.role, outcome });
  }

  /** A newly computed answer: its outcome, candidate count and the flags that hit. */
  answered(candidates: readonly Treffer[]): void {
    this.request(candidates.length > 0 ? 'found' : 'none');
    this.candidates.observe({ role: this.role }, candidates.length);
    for (const candidate of candidates)
      for (const flag of FLAG_NAMES) if (candidate[flag]) this.flags.inc({ role: this.role, flag });
  }

  read(outcome: 'found' | 'empty' | 'invalid'): void {
    this.reads.inc({ role: this.role, outcome });
  }
}
