import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { platformProblem, type ProblemError } from '../problem/problem.error';
import { tooDeepAt } from './json-depth-scan';
import { findJsonViolation, type JsonLimits } from './json-walk';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body's text as received (set for `application/json` requests). */
    jsonText: string | undefined;
    /** The body's bytes as received, also when they did not parse (a refusal is kept verbatim). */
    receivedBytes: Buffer | undefined;
    /** Set by a hook that refused the request before its body was read (the rate limit): answered without parsing. */
    refusedBeforeParsing: ProblemError | undefined;
  }
}

/** Whether a request announces a body (a length above zero, or chunks): hooks that must act before it is read ask. */
export function carriesBody(request: { headers: IncomingHttpHeaders }): boolean {
  const { headers } = request;
  return (
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0')
  );
}

// secure-json-parse scans every body with regular expressions for `__proto__`/`constructor` keys, escaped or not
// (docs/performance.md, "What moved the numbers"). A body containing neither word nor any `\u` escape cannot hold
// such a key, so plain JSON.parse is safe for it; anything else takes the full check.
const NEEDS_FULL_CHECK = ['__proto__', 'constructor', '\\u'];

// JSON is UTF-8 (RFC 8259 §8.1). Bytes that are not would be decoded to U+FFFD and stored as if sent: refused instead.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// From this length on, the nesting is checked on the text before it is parsed: below it even the deepest nesting
// parses in milliseconds, and a body of the usual few KB is not scanned twice.
const SCAN_DEPTH_FROM_LENGTH = 64 * 1024;

/** Parses JSON text, refusing prototype-poisoning keys (`__proto__`, `constructor.prototype`) as Fastify does. */
export function parseJsonSafely(text: string): unknown {
  if (NEEDS_FULL_CHECK.every((word) => !text.includes(word))) return JSON.parse(text);
  return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
}

/**
 * Replaces Fastify's JSON parser: same rules (400 for empty or malformed bodies and poisoning keys, body limit),
 * a cheaper safety check, and the text kept on the request, so a handler can store what was sent without
 * serialising the parsed body again. Then the body must keep within `limits` (422, before anything else looks at
 * it). Whether its text can be stored is the storing group's question, not the parser's.
 */
export function installJsonBodyParser(fastify: FastifyInstance, limits: JsonLimits): void {
  fastify.decorateRequest('jsonText', undefined);
  fastify.decorateRequest('receivedBytes', undefined);
  fastify.decorateRequest('refusedBeforeParsing', undefined);
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, bytes, done) => {
    request.receivedBytes = bytes as Buffer;
    // Kept whole (a refused write goes to the quarantine), but not parsed: the refusal stands whatever the body says.
    if (request.refusedBeforeParsing) return done(request.refusedBeforeParsing, undefined);
    let body: string;
    try {
      body = UTF8.decode(bytes as Buffer);
    } catch {
      return done(badRequest('Body is not valid UTF-8'), undefined);
    }
    // A leading byte order mark is allowed to be ignored (RFC 8259 §8.1), and secure-json-parse does: dropped here,
    // so the text kept is the text parsed.
    if (body.charCodeAt(0) === 0xfeff) body = body.slice(1);
    if (body.length === 0)
      return done(badRequest("Body cannot be empty when content-type is set to 'application/json'"), undefined);
    const tooDeep = body.length >= SCAN_DEPTH_FROM_LENGTH ? tooDeepAt(body, limits.maxDepth) : undefined;
    if (tooDeep !== undefined)
      return done(jsonLimitProblem(tooDeep, `nests deeper than ${limits.maxDepth} levels`, limits), undefined);
    let parsed: unknown;
    try {
      parsed = parseJsonSafely(body);
    } catch (error) {
      return done(badRequest((error as Error).message), undefined);
    }
    // A ProblemError carries no statusCode, so Nest hands it to the problem-details filter as it is.
    const violation = findJsonViolation(parsed, limits);
    if (violation) return done(jsonLimitProblem(violation.pointer, violation.message, limits), undefined);
    request.jsonText = body;
    done(null, parsed);
  });
}

/** The problem a body beyond the JSON limits is answered with (422). */
export function jsonLimitProblem(pointer: string, message: string, limits: JsonLimits): ProblemError {
  return platformProblem(
    'REQUEST.JSON_LIMIT_EXCEEDED',
    `The request body exceeds a JSON limit: at most ${limits.maxDepth} levels of nesting and ${limits.maxArrayLength} elements per array.`,
    { errors: [{ pointer, message }] },
  );
}

function badRequest(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}
