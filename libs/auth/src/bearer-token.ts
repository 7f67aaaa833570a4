import type { IncomingHttpHeaders } from 'node:http';

/**
 * RFC 6750 §2.1: `Bearer 1*SP b64token`, nothing before or after. The scheme is case-insensitive (RFC 9110 §11.1;
 * quoted ABNF strings are, too), so `bearer` is accepted.
 */
const BEARER_CREDENTIALS = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const BEARER_SCHEME = /^Bearer(?:[\s:,]|$)/i;

export type BearerCredentials =
  /** Exactly one Authorization header, `Bearer <token>`. */
  | { kind: 'token'; token: string }
  /** No Authorization header, or one for another scheme: the client did not try a bearer token. */
  | { kind: 'missing' }
  /** A bearer token was attempted, but the header is ambiguous or malformed. */
  | { kind: 'malformed'; detail: string };

/** Node's request, or Fastify's wrapping it in `raw`. */
export interface RequestWithHeaders {
  headers: IncomingHttpHeaders;
  rawHeaders?: string[];
  raw?: { rawHeaders?: string[] };
}

/**
 * The bearer token of a request, read strictly. passport-jwt's own extractor matches `/(\S+)\s+(\S+)/` anywhere in
 * the header, so `Bearer <token> <anything>` passed; and Node keeps only the first of repeated Authorization lines,
 * so a request with two of them was judged by whichever a proxy in front did not look at. Both are refused here.
 * The guard and the strategy read the token through this one function, so the cache and passport never disagree.
 */
export function readBearerCredentials(request: RequestWithHeaders): BearerCredentials {
  const value = request.headers.authorization;
  if (value === undefined) return { kind: 'missing' };
  if (typeof value !== 'string' || authorizationLines(request) > 1) {
    return { kind: 'malformed', detail: 'The request carries more than one Authorization header.' };
  }
  const match = BEARER_CREDENTIALS.exec(value);
  if (match) return { kind: 'token', token: match[1] };
  if (BEARER_SCHEME.test(value))
    return { kind: 'malformed', detail: 'The Authorization header must be "Bearer" and one token.' };
  return { kind: 'missing' };
}

function authorizationLines(request: RequestWithHeaders): number {
  const raw = request.raw?.rawHeaders ?? request.rawHeaders;
  if (!raw) return 1;
  let lines = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') lines++;
  }
  return lines;
}
