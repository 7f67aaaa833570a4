import { isPlainObject } from '../json/plain-object';

/** Root of every pointer: the request body itself. */
export const ROOT_POINTER = '#';

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const TILDE = /~/g;
const SLASH = /\//g;
const ESCAPED_SLASH = /~1/g;
const ESCAPED_TILDE = /~0/g;

/** RFC 6901 escaping of one reference token (`~` → `~0`, `/` → `~1`), nothing else: no percent-encoding. */
export function escapePointerToken(token: string): string {
  return token.replace(TILDE, '~0').replace(SLASH, '~1');
}

/** Undoes `escapePointerToken`; `~1` first, so `~01` stays `~1` (RFC 6901 §4). */
export function unescapePointerToken(token: string): string {
  return token.replace(ESCAPED_SLASH, '/').replace(ESCAPED_TILDE, '~');
}

/**
 * Appends one reference token to a pointer in URI fragment form: RFC 6901 escaping (`~` → `~0`, `/` → `~1`),
 * then percent-encoding so keys with spaces or umlauts still yield a valid fragment (RFC 6901 §6).
 */
export function appendPointer(pointer: string, token: string | number): string {
  const escaped = escapePointerToken(String(token));
  // encodeURIComponent throws on an unpaired UTF-16 surrogate (a key parsed from `"\ud800"`): it becomes U+FFFD.
  return `${pointer}/${encodeURIComponent(escaped.replace(UNPAIRED_SURROGATE, '\ufffd'))}`;
}

/** Orders pointers token by token, array indices numerically, so `/2` sorts before `/10`. */
export function comparePointers(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] === right[i]) continue;
    const bothIndices = /^\d+$/.test(left[i]) && /^\d+$/.test(right[i]);
    if (bothIndices) return Number(left[i]) - Number(right[i]);
    return left[i] < right[i] ? -1 : 1;
  }
  return left.length - right.length;
}

/** The value a pointer in URI-fragment form names, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === ROOT_POINTER) return root;
  let value = root;
  for (const token of pointer.slice(ROOT_POINTER.length + 1).split('/')) {
    const key = unescapePointerToken(decodeURIComponent(token));
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isPlainObject(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}
