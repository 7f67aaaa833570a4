import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { installRequestFacts, requestFactsOf } from './request-facts';
import { REDACTED_PATHS } from './service-logger';

/**
 * The line is built here from allowlisted values: its `req` holds only method and path, its `res` only the status, so
 * the nested redaction paths can never match and pino would still parse each of them for every line
 * (docs/performance.md, "Costs behind choices in the code"). The top-level names stay removed (no group may
 * register them, `defineLogFields`).
 */
const REQUEST_LINE_REDACTED_PATHS = REDACTED_PATHS.filter((path) => !path.includes('.'));

/**
 * Exactly one JSON line per request once it is answered (also for answers given before a controller: 401, 404,
 * 413, 415): request id (the one echoed in `X-Request-Id`), method, path without query, matched route, status,
 * duration, and the fields groups noted, of the names they registered (`fieldNames`). Never headers, query strings or
 * bodies. A Fastify hook writing with pino directly, not an HTTP middleware layer with per-request loggers
 * (docs/performance.md, "What moved the numbers").
 */
export function installRequestLog(fastify: FastifyInstance, logger: Logger, fieldNames: ReadonlySet<string>): void {
  installRequestFacts(fastify);
  const lines = logger.child({}, { redact: { paths: REQUEST_LINE_REDACTED_PATHS, remove: true } });
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : 'info';
    if (lines.isLevelEnabled(level)) {
      const facts = requestFactsOf(request.raw);
      const line: Record<string, unknown> = {
        requestId: request.id,
        req: { method: request.method, url: pathOf(request.url) },
        res: { statusCode: status },
        durationMs: Math.round(reply.elapsedTime * 1000) / 1000,
        route: facts?.route,
      };
      if (facts) {
        for (const name in facts.fields) if (fieldNames.has(name)) line[name] = facts.fields[name];
      }
      lines[level](line, status >= 500 ? 'request failed' : 'request completed');
    }
    done();
  });
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}
