import { appendPointer, ROOT_POINTER } from '@maco/domain';
import { defineProblems, findJsonViolation, type JsonLimits, type ProblemError, problemFactory } from '@maco/platform';

export type { JsonLimits };

/** The problem of a body jsonb cannot hold; a group that stores bodies registers it with its own catalog. */
export const JSONB_PROBLEMS = defineProblems({
  'REQUEST.UNSTORABLE_TEXT': {
    status: 422,
    slug: 'unstorable-text',
    title: 'Request body contains text that cannot be stored (NUL character or unpaired surrogate)',
  },
});

/** What makes a body unbookable although it is valid JSON: where, and which problem it is. */
export interface JsonBodyViolation {
  code: 'REQUEST.JSON_LIMIT_EXCEEDED' | 'REQUEST.UNSTORABLE_TEXT' | 'REQUEST.VALIDATION_FAILED';
  pointer: string;
  message: string;
}

// Either character may make a string unstorable in jsonb (NUL: SQLSTATE 22P05, an unpaired surrogate: 22P02);
// a string without one is always storable, and that is nearly every string.
const SUSPECT_TEXT = /[\u0000\ud800-\udfff]/; // eslint-disable-line no-control-regex -- NUL is what it looks for

/** Why PostgreSQL cannot store this string in jsonb (a NUL character or an unpaired UTF-16 surrogate), else undefined. */
export function unstorableTextProblem(text: string): string | undefined {
  if (!SUSPECT_TEXT.test(text)) return undefined;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return 'contains a NUL character (\\u0000), which PostgreSQL cannot store';
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++; // a valid pair (an emoji, say)
        continue;
      }
    }
    return 'contains an unpaired UTF-16 surrogate, which is no Unicode character';
  }
  return undefined;
}

const UNSTORABLE_UNITS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g; // eslint-disable-line no-control-regex -- NUL is what it replaces

/**
 * JSON text of a value of our own (a problem that echoes a caller's text, say) that jsonb can hold: NUL characters and
 * unpaired surrogates in its strings become U+FFFD. Never for a caller's body, which is stored as sent or refused.
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    typeof member === 'string' && SUSPECT_TEXT.test(member) ? member.replace(UNSTORABLE_UNITS, '\ufffd') : member,
  );
}

/**
 * The first violation of a parsed JSON value in document order: a shape beyond `limits`, or — with `checkText` — a
 * string or member name PostgreSQL cannot store.
 */
export function findJsonBodyViolation(
  body: unknown,
  limits: JsonLimits,
  checkText = true,
): JsonBodyViolation | undefined {
  const violation = findJsonViolation(body, limits, checkText ? unstorableTextProblem : undefined);
  if (!violation) return undefined;
  const { kind, pointer, message } = violation;
  return { code: kind === 'limit' ? 'REQUEST.JSON_LIMIT_EXCEEDED' : 'REQUEST.UNSTORABLE_TEXT', pointer, message };
}

// A `\u` escape that can produce a NUL or a surrogate. Fastify decodes the body as UTF-8, which yields no unpaired
// surrogate, and JSON.parse refuses a raw NUL in a string: text without such an escape holds no unstorable string.
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * What a parsed body must pass before it is stored: the shape limits, and no string or member name PostgreSQL's jsonb
 * refuses. `text` is the body as parsed. Numbers jsonb refuses are rare enough to be found when PostgreSQL refuses them
 * (`findUnstorableNumber`).
 */
export function checkJsonBody(body: unknown, text: string, limits: JsonLimits): JsonBodyViolation | undefined {
  return findJsonBodyViolation(body, limits, mayHoldUnstorableText(text));
}

function mayHoldUnstorableText(text: string): boolean {
  return text.includes('\\u') && SUSPECT_ESCAPE.test(text);
}

const NO_LIMITS: JsonLimits = { maxDepth: Number.POSITIVE_INFINITY, maxArrayLength: Number.POSITIVE_INFINITY };
const jsonbProblem = problemFactory(JSONB_PROBLEMS);

/**
 * The 422 for a body with text jsonb cannot hold, else undefined. Without the body's text every string is checked;
 * with it, only a body with an escape that can produce such text (nearly none) is walked at all.
 */
export function unstorableTextError(body: unknown, text?: string): ProblemError | undefined {
  if (text !== undefined && !mayHoldUnstorableText(text)) return undefined;
  const violation = findJsonBodyViolation(body, NO_LIMITS);
  if (!violation) return undefined;
  return jsonbProblem(
    'REQUEST.UNSTORABLE_TEXT',
    'The request body contains text that cannot be stored: a NUL character (\\u0000) or an unpaired UTF-16 surrogate.',
    { errors: [{ pointer: violation.pointer, message: violation.message }] },
  );
}

// PostgreSQL's numeric, which jsonb stores numbers as, holds at most 131072 digits before the decimal point and 16383
// after it (SQLSTATE 22003 beyond).
const NUMERIC_MAX_DIGITS_BEFORE_POINT = 131_072;
const NUMERIC_MAX_DIGITS_AFTER_POINT = 16_383;
const NUMBER_TOKEN = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Whether PostgreSQL's numeric can hold this JSON number token; errs on the side of no for values it might just hold. */
export function isStorableNumber(token: string): boolean {
  const match = NUMBER_TOKEN.exec(token);
  if (!match) return false;
  const [, integer, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  const integerDigits = integer.replace(/^0+/, '').length;
  return (
    integerDigits + exponent <= NUMERIC_MAX_DIGITS_BEFORE_POINT &&
    fraction.length - exponent <= NUMERIC_MAX_DIGITS_AFTER_POINT
  );
}

/**
 * The first number of a valid JSON text that PostgreSQL cannot store, else undefined. JSON.parse makes such a number
 * Infinity or 0 (or ignores the digits too many), so only the text tells: a scan of it, for when PostgreSQL has
 * refused a body (docs/performance.md, "Tolerant booking"). The text must be valid JSON; the path is kept in arrays,
 * without recursion.
 */
export function findUnstorableNumber(text: string): JsonBodyViolation | undefined {
  // The path to the current token: member names and array indices, `undefined` while an object awaits its next name.
  const path: (string | number | undefined)[] = [];
  const isArray: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const end = endOfString(text, i);
      if (isArray.length && !isArray[isArray.length - 1] && path[path.length - 1] === undefined) {
        path[path.length - 1] = JSON.parse(text.slice(i, end)) as string;
      }
      i = end - 1;
    } else if (char === '{' || char === '[') {
      isArray.push(char === '[');
      path.push(char === '[' ? 0 : undefined);
    } else if (char === '}' || char === ']') {
      isArray.pop();
      path.pop();
    } else if (char === ',') {
      const top = path.length - 1;
      path[top] = isArray[top] ? (path[top] as number) + 1 : undefined;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      let end = i + 1;
      while (end < text.length && '0123456789.eE+-'.includes(text[end])) end++;
      if (!isStorableNumber(text.slice(i, end))) {
        const pointer = path.reduce<string>((parent, token) => appendPointer(parent, token ?? ''), ROOT_POINTER);
        return {
          code: 'REQUEST.VALIDATION_FAILED',
          pointer,
          message: `is a number PostgreSQL cannot store (more than ${NUMERIC_MAX_DIGITS_BEFORE_POINT} digits before or ${NUMERIC_MAX_DIGITS_AFTER_POINT} after the decimal point)`,
        };
      }
      i = end - 1;
    }
  }
  return undefined;
}

/** The index after the closing quote of the string starting at `start`. */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '"') return i + 1;
  }
  return text.length;
}
