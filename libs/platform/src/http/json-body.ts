import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ProblemError } from '../problem/problem.error';
import { checkJsonBody, type JsonBodyViolation, type JsonLimits } from './json-body-check';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body's text as received (set for `application/json` requests). */
    jsonText: string | undefined;
  }
}

// secure-json-parse scans every body with regular expressions for `__proto__`/`constructor` keys, escaped or not:
// ≈ 30 µs per 4 KB. A body containing neither word nor any `\u` escape cannot hold such a key, so plain
// JSON.parse is safe for it; anything else takes the full check.
const NEEDS_FULL_CHECK = ['__proto__', 'constructor', '\\u'];

/** Parses JSON text, refusing prototype-poisoning keys (`__proto__`, `constructor.prototype`) as Fastify does. */
export function parseJsonSafely(text: string): unknown {
  if (NEEDS_FULL_CHECK.every((word) => !text.includes(word))) return JSON.parse(text);
  return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
}

/**
 * Replaces Fastify's JSON parser: same rules (400 for empty or malformed bodies and poisoning keys, body limit),
 * a cheaper safety check, and the text kept on the request, so a booking stores what was sent without
 * serialising the parsed body again. Then the body must keep within `limits` and hold no text PostgreSQL cannot
 * store (422, before anything else looks at it).
 */
export function installJsonBodyParser(fastify: FastifyInstance, limits: JsonLimits): void {
  fastify.decorateRequest('jsonText', undefined);
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, text, done) => {
    let body = text as string;
    // A leading byte order mark is allowed to be ignored (RFC 8259 §8.1), and secure-json-parse does, but jsonb refuses
    // it: dropped here, so the text stored is the text parsed.
    if (body.charCodeAt(0) === 0xfeff) body = body.slice(1);
    if (body.length === 0) return done(badRequest('Body cannot be empty when content-type is set to \'application/json\''), undefined);
    let parsed: unknown;
    try {
      parsed = parseJsonSafely(body);
    } catch (error) {
      return done(badRequest((error as Error).message), undefined);
    }
    // A ProblemError carries no statusCode, so Nest hands it to the problem-details filter as it is.
    const violation = checkJsonBody(parsed, body, limits);
    if (violation) return done(jsonBodyProblem(violation, limits), undefined);
    request.jsonText = body;
    done(null, parsed);
  });
}

/** The problem a body violation is answered with (422). */
export function jsonBodyProblem(violation: JsonBodyViolation, limits: JsonLimits): ProblemError {
  const { code, pointer, message } = violation;
  const detail =
    code === 'REQUEST.JSON_LIMIT_EXCEEDED'
      ? `The request body exceeds a JSON limit: at most ${limits.maxDepth} levels of nesting and ${limits.maxArrayLength} elements per array.`
      : code === 'REQUEST.UNSTORABLE_TEXT'
        ? 'The request body contains text that cannot be stored: a NUL character (\\u0000) or an unpaired UTF-16 surrogate.'
        : '1 field of the body failed validation.';
  return new ProblemError(code, detail, { errors: [{ pointer, message }] });
}

function badRequest(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}
