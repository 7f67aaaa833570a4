import { hostname } from 'node:os';
import pino, {
  type DestinationStream,
  type LevelWithSilent,
  type Logger,
  stdSerializers,
  stdTimeFunctions,
} from 'pino';

/** The service's pino logger (one per app), for request lines and Nest's own messages. */
export const SERVICE_LOGGER = Symbol('SERVICE_LOGGER');

/**
 * Paths removed from every log object, whatever a caller passes: bodies and credentials must never be written.
 * Request lines are built from allowlisted fields only; this is the second line of defence. Exact paths only:
 * wildcard paths make pino's redaction costly per line (docs/performance.md, "Costs behind choices in the code").
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
 * Standard output, one write per line, synchronously: less main-thread CPU than pino's asynchronous destination
 * (docs/performance.md, "Costs behind choices in the code"), and no line waits in a buffer, so a crash loses none.
 * The price: a log reader that stops reading (a full pipe) stalls the service until it reads again.
 */
export function createServiceLogger(level: LevelWithSilent, role?: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid, hostname: hostname(), ...(role ? { role } : {}) },
    timestamp: stdTimeFunctions.isoTime,
    serializers: { err: stdSerializers.err },
    redact: { paths: REDACTED_PATHS, remove: true },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
