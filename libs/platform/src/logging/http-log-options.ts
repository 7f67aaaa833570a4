import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { stdSerializers, stdTimeFunctions, type LevelWithSilent } from 'pino';
import type { Options } from 'pino-http';
import { requestFactsOf } from './request-facts';

/**
 * Paths removed from every log object, whatever a caller passes: bodies and credentials must never be written.
 * The serializers below already keep only allowlisted fields; this is the second line of defence. Exact paths only:
 * wildcard paths cost pino's redaction about 7 µs per line.
 */
export const REDACTED_PATHS = [
  'body',
  'headers',
  'authorization',
  'cookie',
  'password',
  'req.body',
  'req.headers',
  'req.query',
  'res.headers',
  'request.body',
  'request.headers',
  'response.headers',
  'err.body',
  'err.headers',
  'err.config',
];

/**
 * pino-http settings: JSON lines, exactly one line per request when it is answered, with the request id Fastify
 * assigned (the one echoed in `X-Request-Id`), method, path without query, matched route, status, duration and the
 * booking facts the service set. Never headers, never query strings, never bodies.
 */
export function httpLogOptions(level: LevelWithSilent, role?: string): Options {
  return {
    level,
    base: { pid: process.pid, hostname: hostname(), ...(role ? { role } : {}) },
    timestamp: stdTimeFunctions.isoTime,
    // @fastify/middie copies Fastify's `request.id` (X-Request-Id or generated) onto the raw request.
    genReqId: (req) => (req as IncomingMessage & { id?: string }).id ?? randomUUID(),
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    // Log lines written while serving a request carry just the request id; the request itself is on the final line.
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      // Raw requests (wrapSerializers: false skips pino's standard serializer, which copies all headers).
      req: (req: IncomingMessage & { originalUrl?: string }) => ({ method: req.method, url: pathOf(req.originalUrl ?? req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: stdSerializers.err,
    },
    // Added to the response line's object, not as bindings: no child logger per request.
    customSuccessObject: (req: IncomingMessage, _res: ServerResponse, line: object) => withFacts(req, line),
    customErrorObject: (req: IncomingMessage, _res: ServerResponse, _error: Error, line: object) => withFacts(req, line),
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : 'info',
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    redact: { paths: REDACTED_PATHS, remove: true },
  };
}

/** The response line with the facts of its request: matched route and what the booking service set. */
function withFacts(req: IncomingMessage, line: object): object {
  const facts = requestFactsOf(req);
  if (!facts) return line;
  const { route, operation, pruefidentifikator, businessKey } = facts;
  return { ...line, route, operation, pruefidentifikator, businessKey };
}

function pathOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}
