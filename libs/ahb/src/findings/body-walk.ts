import { isPlainObject } from '@maco/domain';
import { escapePointerToken } from '@maco/domain';

/** Walking a request body along a rule's path: the shared steps of the unconditional and the conditional AHB rules. */

/** One step of a rule path; `token` = `/` + the escaped key, ready to append to a JSON Pointer. */
export interface PathStep {
  key: string;
  token: string;
  array: boolean;
}

/** `stammdaten.MARKTLOKATION[].marktlokationsId` → steps, `[]` marking arrays. */
export function pathSteps(path: string): PathStep[] {
  return path.split('.').map((part) => {
    const key = part.replace(/\[\]$/, '');
    return { key, token: `/${fragmentToken(key)}`, array: part.endsWith('[]') };
  });
}

/**
 * Pointers of the places where the path is not satisfied below `value`: a missing or empty array yields the array's
 * pointer, a missing scalar its own; non-objects on the way count as empty. `arrays`: whether the rest of the path must
 * hold in `every` element of an array, or in `some` (then none holding yields the first element's pointers).
 */
export function missingPointers(
  value: unknown,
  steps: readonly PathStep[],
  index: number,
  pointer: string,
  arrays: 'every' | 'some',
): string[] {
  const missing: string[] = [];
  collectMissing(value, steps, index, pointer, arrays, missing);
  return missing;
}

/** `missingPointers` appending to one list (no array per step and element: this runs for every rule on every body). */
function collectMissing(
  value: unknown,
  steps: readonly PathStep[],
  index: number,
  pointer: string,
  arrays: 'every' | 'some',
  into: string[],
): void {
  if (index === steps.length) return;
  const step = steps[index];
  const childValue = child(value, step.key);
  const childPointer = pointer + step.token;
  const last = index === steps.length - 1;
  if (step.array) {
    if (!Array.isArray(childValue) || childValue.length === 0) {
      into.push(childPointer);
      return;
    }
    if (last) return;
    if (arrays === 'every') {
      for (let position = 0; position < childValue.length; position++) {
        collectMissing(childValue[position], steps, index + 1, `${childPointer}/${position}`, arrays, into);
      }
      return;
    }
    let first: string[] | undefined;
    for (let position = 0; position < childValue.length; position++) {
      const missing: string[] = [];
      collectMissing(childValue[position], steps, index + 1, `${childPointer}/${position}`, arrays, missing);
      if (missing.length === 0) return;
      first ??= missing;
    }
    if (first) into.push(...first);
    return;
  }
  if (last) {
    if (isAbsent(childValue)) into.push(childPointer);
    return;
  }
  collectMissing(childValue, steps, index + 1, childPointer, arrays, into);
}

/**
 * `/a/b/c`: the tokens of every step, joined, for a path without `[]` steps; undefined for one with. Such a path is
 * missing at one place at most, the end of the path, so its pointer can be built once per rule instead of per body.
 */
export function joinedTokens(steps: readonly PathStep[]): string | undefined {
  return steps.some((step) => step.array) ? undefined : steps.map((step) => step.token).join('');
}

/** `missingPointers` of a path without `[]` steps, as a yes or no (non-objects on the way count as empty). */
export function isMissingAlong(value: unknown, steps: readonly PathStep[]): boolean {
  if (steps.length === 0) return false;
  for (const step of steps) value = child(value, step.key);
  return isAbsent(value);
}

export function child(value: unknown, key: string): unknown {
  return isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Absent as the AHB rules see it: `undefined`, `null`, `''` or an empty array. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A rule path's key as a token of a pointer in URI fragment form (the keys are static names, so no surrogate repair). */
function fragmentToken(key: string): string {
  return encodeURIComponent(escapePointerToken(key));
}
