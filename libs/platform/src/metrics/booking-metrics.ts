import { Inject, Injectable, Optional } from '@nestjs/common';
import { Counter, type Registry } from 'prom-client';
import { SERVICE_ROLE } from '../config/service-config.tokens';
import { safePruefidentifikator, type RequestFacts } from '../logging/request-facts';
import { METRICS_REGISTRY } from './metrics-registry';

export type BookingOutcome = 'booked' | 'replayed' | 'conflict' | 'rejected';
export type BookingOperation = 'create' | 'update';

export interface BookingRecord {
  /** Default: the service's role (`SERVICE_ROLE`). */
  role?: string;
  operation: BookingOperation;
  /** As sent; only a five-digit value becomes a label value, anything else counts as `other`. */
  pruefidentifikator?: unknown;
  outcome: BookingOutcome;
}

const ROLE_PATTERN = /^[A-Z]{1,8}$/;

/**
 * `maco_bookings_total{role, operation, pruefidentifikator, outcome}`. The booking service records `booked` and
 * `replayed`; 4xx answers on booking requests are counted by the HTTP hook as `conflict` (409) or `rejected`, unless
 * the service recorded an outcome for the request itself. Label values are bounded: unknown roles and PIs are `other`.
 */
@Injectable()
export class BookingMetrics {
  private readonly bookings: Counter<'role' | 'operation' | 'pruefidentifikator' | 'outcome'>;

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Optional() @Inject(SERVICE_ROLE) private readonly serviceRole?: string,
  ) {
    this.bookings = new Counter({
      name: 'maco_bookings_total',
      help: 'Bookings answered, by market role, operation, Prüfidentifikator and outcome (booked, replayed, conflict, rejected).',
      labelNames: ['role', 'operation', 'pruefidentifikator', 'outcome'],
      registers: [registry],
    });
  }

  /** `facts`: the request's facts, so the HTTP hook does not count the same request again. */
  record(booking: BookingRecord, facts?: RequestFacts): void {
    this.count(booking);
    if (facts) facts.bookingRecorded = true;
  }

  /** From the HTTP hook: a 4xx answer to a booking request nobody recorded an outcome for. */
  recordAnswer(operation: BookingOperation, status: number, facts: RequestFacts | undefined): void {
    if (status < 400 || status >= 500 || facts?.bookingRecorded) return;
    this.count({ operation, pruefidentifikator: facts?.pruefidentifikator, outcome: status === 409 ? 'conflict' : 'rejected' });
  }

  private count({ role, operation, pruefidentifikator, outcome }: BookingRecord): void {
    const roleLabel = role ?? this.serviceRole;
    this.bookings.inc({
      role: roleLabel && ROLE_PATTERN.test(roleLabel) ? roleLabel : 'other',
      operation: operation === 'create' || operation === 'update' ? operation : 'other',
      pruefidentifikator: safePruefidentifikator(pruefidentifikator) ?? 'other',
      outcome,
    });
  }
}
