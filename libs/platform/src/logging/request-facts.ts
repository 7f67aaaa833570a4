import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * What the application tells the observability layer about the request it is serving: the matched route, and the
 * log fields interface groups noted through their {@link LogFields} (sanitised scalars only: never anything copied
 * wholesale from a body, personal data must not reach logs or metric labels).
 */
export interface RequestFacts {
  /** The matched route pattern (`/health/ready`), absent for unknown paths. */
  route?: string;
  /** Noted by interface groups; written to the request's log line when a group registered the name. */
  fields: Record<string, string>;
}

const FACTS = Symbol('maco.requestFacts');
const INSTALLED = Symbol('maco.requestFactsInstalled');
type WithFacts = IncomingMessage & { [FACTS]?: RequestFacts };

/** The facts attached to a raw request: read by the response log line and the `onResponse` metrics hooks. */
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
    const facts: RequestFacts = { route: request.routeOptions.url, fields: {} };
    (request.raw as WithFacts)[FACTS] = facts;
    done();
  });
}
