import { Inject, Injectable } from '@nestjs/common';
import { Counter, type Registry } from 'prom-client';
import { METRICS_REGISTRY, SERVICE_ROLE } from '@maco/platform';
import type { OperatorRead } from '../operator.log-fields';

/** `maco_operator_reads_total{role, read, outcome}`: the console's reads, answered or refused as invalid. */
@Injectable()
export class OperatorMetrics {
  private readonly reads: Counter<'role' | 'read' | 'outcome'>;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly role: string,
  ) {
    this.reads = new Counter({
      name: 'maco_operator_reads_total',
      help: 'Reads of the operator console (process list, triggers, findings, …), by market role, read and outcome (ok, invalid).',
      labelNames: ['role', 'read', 'outcome'],
      registers: [registry],
    });
  }

  read(read: OperatorRead, outcome: 'ok' | 'invalid'): void {
    this.reads.inc({ role: this.role, read, outcome });
  }
}
