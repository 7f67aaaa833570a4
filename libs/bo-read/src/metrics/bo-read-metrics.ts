import { Inject, Injectable } from '@nestjs/common';
import { Counter, type Registry } from 'prom-client';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';

/** How a read was answered: objects found, an empty list, or refused for its parameters. */
export type ReadOutcome = 'found' | 'empty' | 'invalid';
/** What became of an imported object: a new version, equal to its latest version, or refused by the rules. */
export type ImportOutcomeLabel = 'imported' | 'unchanged' | 'refused';

/**
 * `maco_bo_reads_total{role, operation, outcome}` per BO4E read. `operation` is the read's operationId (a fixed set);
 * latency per route is the platform's HTTP histogram.
 */
@Injectable()
export class BoReadMetrics {
  private readonly reads: Counter<'role' | 'operation' | 'outcome'>;
  private readonly imports: Counter<'role' | 'outcome'>;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly role: string,
  ) {
    this.reads = new Counter({
      name: 'maco_bo_reads_total',
      help: 'BO4E reads answered, by market role, operation (operationId) and outcome (found, empty, invalid).',
      labelNames: ['role', 'operation', 'outcome'],
      registers: [registry],
    });
    this.imports = new Counter({
      name: 'maco_bo_import_objects_total',
      help: 'Objects of master data imports (POST /masterData), by market role and outcome (imported, unchanged, refused).',
      labelNames: ['role', 'outcome'],
      registers: [registry],
    });
  }

  imported(outcome: ImportOutcomeLabel, count: number): void {
    if (count > 0) this.imports.inc({ role: this.role, outcome }, count);
  }

  read(operation: string, outcome: ReadOutcome): void {
    this.reads.inc({ role: this.role, operation, outcome });
  }
}
