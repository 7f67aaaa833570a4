import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * What the application tells the observability layer about the request it is serving. Only these fields, only
 * scalar values checked below: never anything copied wholesale from a body (personal data must not reach logs or
 * metric labels).
 */
export interface RequestFacts {
  /** The matched route pattern (`/createProcessData`), absent for unknown paths. */
  route?: string;
  operation?: 'create' | 'update';
  pruefidentifikator?: string;
  businessKey?: string;
  /** Set by `BookingMetrics.record`: the booking outcome of this request is counted already. */
  bookingRecorded?: boolean;
}

const FACTS = Symbol('maco.requestFacts');
const INSTALLED = Symbol('maco.requestFactsInstalled');
type WithFacts = IncomingMessage & { [FACTS]?: RequestFacts };

/** The facts attached to a raw request: read by the response log line and the `onResponse` metrics hook. */
export function requestFactsOf(request: IncomingMessage): RequestFacts | undefined {
  return (request as WithFacts)[FACTS];
}

/**
 * Gives every request of this Fastify instance its facts object on the raw request; handlers pass it on explicitly
 * (no AsyncLocalStorage: its promise hooks would tax every await of every request). Idempotent: the metrics and the
 * logging module both call it. Must run before the instance is ready (Nest's `onModuleInit` is early enough).
 */
export function installRequestFacts(fastify: FastifyInstance): void {
  const marked = fastify as FastifyInstance & { [INSTALLED]?: boolean };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  fastify.addHook('onRequest', (request, _reply, done) => {
    const facts: RequestFacts = { route: request.routeOptions.url };
    (request.raw as WithFacts)[FACTS] = facts;
    done();
  });
}

const PI_PATTERN = /^\d{5}$/;
const BUSINESS_KEY_PATTERN = /^[\w.:-]{1,128}$/;

/** A Prüfidentifikator as sent, when it is one (five digits); anything else is dropped. */
export function safePruefidentifikator(value: unknown): string | undefined {
  return typeof value === 'string' && PI_PATTERN.test(value) ? value : undefined;
}

/** A business key (UUID or the sender's technical key); values that do not look like one are dropped. */
export function safeBusinessKey(value: unknown): string | undefined {
  return typeof value === 'string' && BUSINESS_KEY_PATTERN.test(value) ? value : undefined;
}

/** What a booking adds to its request's log line. */
export interface BookingLogFields {
  operation?: 'create' | 'update';
  pruefidentifikator?: unknown;
  businessKey?: unknown;
}

/** Adds booking facts to a request's log line; values that do not look like what they claim are dropped. */
export function noteBooking(facts: RequestFacts | undefined, fields: BookingLogFields): void {
  if (!facts) return;
  if (fields.operation === 'create' || fields.operation === 'update') facts.operation = fields.operation;
  const pruefidentifikator = safePruefidentifikator(fields.pruefidentifikator);
  if (pruefidentifikator) facts.pruefidentifikator = pruefidentifikator;
  const businessKey = safeBusinessKey(fields.businessKey);
  if (businessKey) facts.businessKey = businessKey;
}
