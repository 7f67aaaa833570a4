import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { installRequestFacts, METRICS_REGISTRY, type RequestFacts, requestFactsOf, SERVICE_ROLE } from '@maco/platform';
import { BOOKING_OPERATION_CONFIG, bookingOperationOf } from './booking-route.decorator';

export type BookingOutcome = 'booked' | 'replayed' | 'journaled' | 'conflict' | 'rejected';
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
const PI_PATTERN = /^\d{5}$/;

/**
 * `maco_bookings_total{role, operation, pruefidentifikator, outcome}`. The booking service records `booked` and
 * `replayed`; 4xx answers on booking routes (`@BookingRoute`), also those given before the handler runs (401, 403,
 * 413, 415, malformed JSON), are counted by this group's own `onResponse` hook as `conflict` (409) or `rejected`,
 * unless the service recorded an outcome for the request itself. Label values are bounded: unknown roles and PIs are
 * `other`.
 */
@Injectable()
export class BookingMetrics implements OnModuleInit {
  private readonly bookings: Counter<'role' | 'operation' | 'pruefidentifikator' | 'outcome'>;
  private readonly resolutions: Counter<'role' | 'matched_by'>;
  /** Requests whose outcome the service recorded: the hook does not count them again. */
  private readonly recorded = new WeakSet<RequestFacts>();

  constructor(
    @Inject(METRICS_REGISTRY) registry: Registry,
    @Inject(SERVICE_ROLE) private readonly serviceRole: string,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.bookings = new Counter({
      name: 'maco_bookings_total',
      help: 'Bookings answered, by market role, operation, Prüfidentifikator and outcome (booked, replayed, journaled, conflict, rejected).',
      labelNames: ['role', 'operation', 'pruefidentifikator', 'outcome'],
      registers: [registry],
    });
    this.resolutions = new Counter({
      name: 'maco_update_resolutions_total',
      help: 'Updates booked on a process, by market role and the key that found it (businessKey, targetBusinessKey, parentBusinessKey, prozessId).',
      labelNames: ['role', 'matched_by'],
      registers: [registry],
    });
  }

  /** An update found its process by this key. */
  recordResolution(matchedBy: 'businessKey' | 'targetBusinessKey' | 'parentBusinessKey' | 'prozessId'): void {
    this.resolutions.inc({
      role: ROLE_PATTERN.test(this.serviceRole) ? this.serviceRole : 'other',
      matched_by: matchedBy,
    });
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    installRequestFacts(fastify);
    fastify.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      if (status >= 400 && status < 500) {
        const facts = requestFactsOf(request.raw);
        const operation =
          bookingOperationOf(request.routeOptions.config) ??
          bookingOperationOf({ [BOOKING_OPERATION_CONFIG]: facts?.fields['operation'] });
        if (operation) this.recordAnswer(operation, status, facts);
      }
      done();
    });
  }

  /** `facts`: the request's facts, so the HTTP hook does not count the same request again. */
  record(booking: BookingRecord, facts?: RequestFacts): void {
    this.count(booking);
    if (facts) this.recorded.add(facts);
  }

  /** A 4xx answer to a booking request nobody recorded an outcome for. */
  recordAnswer(operation: BookingOperation, status: number, facts: RequestFacts | undefined): void {
    if (status < 400 || status >= 500 || (facts && this.recorded.has(facts))) return;
    this.count({
      operation,
      pruefidentifikator: facts?.fields['pruefidentifikator'],
      outcome: status === 409 ? 'conflict' : 'rejected',
    });
  }

  private count({ role, operation, pruefidentifikator, outcome }: BookingRecord): void {
    const roleLabel = role ?? this.serviceRole;
    this.bookings.inc({
      role: roleLabel && ROLE_PATTERN.test(roleLabel) ? roleLabel : 'other',
      operation: operation === 'create' || operation === 'update' ? operation : 'other',
      pruefidentifikator:
        typeof pruefidentifikator === 'string' && PI_PATTERN.test(pruefidentifikator) ? pruefidentifikator : 'other',
      outcome,
    });
  }
}
