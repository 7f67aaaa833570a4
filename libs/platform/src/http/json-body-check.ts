import { appendPointer, ROOT_POINTER } from '@maco/domain';
import type { ProblemCode } from '../problem/problem-codes';

/** How large a parsed body may be in shape (its size in bytes is Fastify's body limit). */
export interface JsonLimits {
  /** Deepest nesting of objects/arrays; the body itself is depth 1. */
  maxDepth: number;
  /** Most elements any one array may have. */
  maxArrayLength: number;
}

/** What makes a body unbookable although it is valid JSON: where, and which problem it is. */
export interface JsonBodyViolation {
  code: Extract<ProblemCode, 'REQUEST.JSON_LIMIT_EXCEEDED' | 'REQUEST.UNSTORABLE_TEXT' | 'REQUEST.VALIDATION_FAILED'>;
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

// A `\u` escape that can produce a NUL or a surrogate. Fastify decodes the body as UTF-8, which yields no unpaired
// surrogate, and JSON.parse refuses a raw NUL in a string: text without such an escape holds no unstorable string.
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Finds the first violation of a parsed JSON value in document order: a container nested deeper than `maxDepth`,
 * an array longer than `maxArrayLength`, or — with `checkText` — a string or member name PostgreSQL cannot store.
 * Never recursive (a body nested a million levels deep cannot overflow the stack), and nothing below a violation is
 * visited. A cheap walk answers for nearly every body; only a body with a violation is walked again to locate it.
 */
export function findJsonBodyViolation(body: unknown, limits: JsonLimits, checkText = true): JsonBodyViolation | undefined {
  return hasViolation(body, limits, checkText) ? locateViolation(body, limits, checkText) : undefined;
}

/** Whether the value has a violation: a walk over a stack of values, keeping no path (≈ 1 µs for a 4 KB body). */
function hasViolation(body: unknown, { maxDepth, maxArrayLength }: JsonLimits, checkText: boolean): boolean {
  const values: unknown[] = [body];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() as number;
    if (Array.isArray(value)) {
      if (depth > maxDepth || value.length > maxArrayLength) return true;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'object') {
          if (item !== null) {
            values.push(item);
            depths.push(depth + 1);
          }
        } else if (checkText && typeof item === 'string' && SUSPECT_TEXT.test(item) && unstorableTextProblem(item)) {
          return true;
        }
      }
    } else if (typeof value === 'object' && value !== null) {
      if (depth > maxDepth) return true;
      // for…in: own keys only, as JSON.parse builds objects whose prototype has no enumerable members.
      for (const name in value) {
        if (checkText && SUSPECT_TEXT.test(name) && unstorableTextProblem(name)) return true;
        const item: unknown = (value as Record<string, unknown>)[name];
        if (typeof item === 'object') {
          if (item !== null) {
            values.push(item);
            depths.push(depth + 1);
          }
        } else if (checkText && typeof item === 'string' && SUSPECT_TEXT.test(item) && unstorableTextProblem(item)) {
          return true;
        }
      }
    } else if (checkText && typeof value === 'string' && unstorableTextProblem(value)) {
      return true;
    }
  }
  return false;
}

/** The first violation in document order with its pointer: a depth-first walk that keeps the path. */
function locateViolation(body: unknown, limits: JsonLimits, checkText: boolean): JsonBodyViolation | undefined {
  // The containers on the path to `value`, each with its member names (undefined for an array) and the position of
  // the child after the one being visited: together they are the path.
  const containers: object[] = [];
  const memberNames: (string[] | undefined)[] = [];
  const positions: number[] = [];
  let value: unknown = body;
  for (;;) {
    if (typeof value === 'string') {
      const problem = checkText ? unstorableTextProblem(value) : undefined;
      if (problem) return { code: 'REQUEST.UNSTORABLE_TEXT', pointer: pathPointer(memberNames, positions, containers.length), message: problem };
    } else if (typeof value === 'object' && value !== null) {
      if (containers.length >= limits.maxDepth) {
        const pointer = pathPointer(memberNames, positions, containers.length);
        return { code: 'REQUEST.JSON_LIMIT_EXCEEDED', pointer, message: `nests deeper than ${limits.maxDepth} levels` };
      }
      if (Array.isArray(value) && value.length > limits.maxArrayLength) {
        const pointer = pathPointer(memberNames, positions, containers.length);
        return { code: 'REQUEST.JSON_LIMIT_EXCEEDED', pointer, message: `has ${value.length} elements, more than the ${limits.maxArrayLength} allowed` };
      }
      containers.push(value);
      memberNames.push(Array.isArray(value) ? undefined : Object.keys(value));
      positions.push(0);
    }
    // On to the next value in document order: the next child of the innermost container that has one left.
    for (;;) {
      const top = containers.length - 1;
      if (top < 0) return undefined;
      const names = memberNames[top];
      const position = positions[top];
      const size = names === undefined ? (containers[top] as unknown[]).length : names.length;
      if (position === size) {
        containers.pop();
        memberNames.pop();
        positions.pop();
        continue;
      }
      positions[top] = position + 1;
      if (names === undefined) {
        value = (containers[top] as unknown[])[position];
        break;
      }
      const name = names[position];
      const problem = checkText ? unstorableTextProblem(name) : undefined;
      if (problem) {
        return { code: 'REQUEST.UNSTORABLE_TEXT', pointer: pathPointer(memberNames, positions, top + 1), message: `has a member name that ${problem}` };
      }
      value = (containers[top] as Record<string, unknown>)[name];
      break;
    }
  }
}

/** The pointer to the child being visited in each of the first `count` containers: the value at the path's end. */
function pathPointer(memberNames: readonly (string[] | undefined)[], positions: readonly number[], count: number): string {
  let pointer = ROOT_POINTER;
  for (let i = 0; i < count; i++) {
    const names = memberNames[i];
    pointer = appendPointer(pointer, names === undefined ? positions[i] - 1 : names[positions[i] - 1]);
  }
  return pointer;
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
  return integerDigits + exponent <= NUMERIC_MAX_DIGITS_BEFORE_POINT && fraction.length - exponent <= NUMERIC_MAX_DIGITS_AFTER_POINT;
}

/**
 * The first number of a valid JSON text that PostgreSQL cannot store, else undefined. JSON.parse makes such a number
 * Infinity or 0 (or ignores the digits too many), so only the text tells: a scan of it, ≈ 2 ms per MB, for when
 * PostgreSQL has refused a body. The text must be valid JSON; the scan keeps the path in arrays, without recursion.
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

/**
 * What a parsed body must pass before the service validates or stores it: the shape limits, and no string or member
 * name PostgreSQL's jsonb refuses. `text` is the body as parsed. Numbers jsonb refuses are rare enough to be found
 * when PostgreSQL refuses them (`findUnstorableNumber`).
 */
export function checkJsonBody(body: unknown, text: string, limits: JsonLimits): JsonBodyViolation | undefined {
  return findJsonBodyViolation(body, limits, text.includes('\\u') && SUSPECT_ESCAPE.test(text));
}
