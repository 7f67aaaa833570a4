/**
 * Recognises errors that mean "the database cannot be reached right now" (answered 503, retry later) as opposed to
 * a fault of ours (500). Structural checks of `code` and `message` only, so the platform needs no pg: works on pg's
 * errors, Node's socket errors and TypeORM's `QueryFailedError` (its `driverError`), also when wrapped as a `cause`.
 */

/** Socket errors on the way to the server: refused, reset, broken pipe, timed out, unreachable, name not resolved. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * SQLSTATEs of a server that is going away or cannot take us: admin shutdown (57P01), crash shutdown (57P02), cannot
 * connect now — starting up or shutting down (57P03), too many connections (53300), and a statement cancelled by
 * `statement_timeout` (57014). Class 08 (connection exception) is matched as a class.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** node-postgres and pg-pool name these only in their messages. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated\b/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /is not queryable$/, // "Client has encountered a connection error and is not queryable", "Client was closed …"
  /^Query read timeout$/, // query_timeout: the server did not answer
];

/** Seconds a client is asked to wait before retrying after a database outage (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  return someError(error, (candidate) => {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** Tests the error and what it wraps: TypeORM's `driverError`, `cause`, and an `AggregateError`'s `errors`. */
function someError(error: unknown, test: (candidate: object) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (test(error)) return true;
  const { driverError, cause, errors } = error as { driverError?: unknown; cause?: unknown; errors?: unknown };
  if (someError(driverError, test, depth + 1) || someError(cause, test, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => someError(inner, test, depth + 1));
}
