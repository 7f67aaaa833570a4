import { appendPointer, ROOT_POINTER } from '@maco/domain';

/** How large a parsed body may be in shape (its size in bytes is Fastify's body limit). */
export interface JsonLimits {
  /** Deepest nesting of objects/arrays; the body itself is depth 1. */
  maxDepth: number;
  /** Most elements any one array may have. */
  maxArrayLength: number;
}

/** Why a string or member name is refused, else undefined: a rule of whoever stores or forwards the body. */
export type TextRule = (text: string) => string | undefined;

/** The first thing wrong with a parsed JSON value: a shape limit (`limit`) or a string a {@link TextRule} refuses (`text`). */
export interface JsonViolation {
  kind: 'limit' | 'text';
  pointer: string;
  message: string;
}

/**
 * Finds the first violation of a parsed JSON value in document order: a container nested deeper than `maxDepth`,
 * an array longer than `maxArrayLength`, or — with a `textRule` — a string or member name it refuses. Never
 * recursive (a body nested a million levels deep cannot overflow the stack), and nothing below a violation is
 * visited. A cheap walk answers for nearly every body; only a body with a violation is walked again to locate it.
 */
export function findJsonViolation(body: unknown, limits: JsonLimits, textRule?: TextRule): JsonViolation | undefined {
  return hasViolation(body, limits, textRule) ? locateViolation(body, limits, textRule) : undefined;
}

/**
 * Whether the value has a violation: a walk over a stack of values, keeping no path, cheap enough for every body
 * (docs/performance.md, "Costs behind choices in the code").
 */
function hasViolation(
  body: unknown,
  { maxDepth, maxArrayLength }: JsonLimits,
  textRule: TextRule | undefined,
): boolean {
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
        } else if (textRule && typeof item === 'string' && textRule(item)) {
          return true;
        }
      }
    } else if (typeof value === 'object' && value !== null) {
      if (depth > maxDepth) return true;
      // for…in: own keys only, as JSON.parse builds objects whose prototype has no enumerable members.
      for (const name in value) {
        if (textRule && textRule(name)) return true;
        const item: unknown = (value as Record<string, unknown>)[name];
        if (typeof item === 'object') {
          if (item !== null) {
            values.push(item);
            depths.push(depth + 1);
          }
        } else if (textRule && typeof item === 'string' && textRule(item)) {
          return true;
        }
      }
    } else if (textRule && typeof value === 'string' && textRule(value)) {
      return true;
    }
  }
  return false;
}

/** The first violation in document order with its pointer: a depth-first walk that keeps the path. */
function locateViolation(body: unknown, limits: JsonLimits, textRule: TextRule | undefined): JsonViolation | undefined {
  // The containers on the path to `value`, each with its member names (undefined for an array) and the position of
  // the child after the one being visited: together they are the path.
  const containers: object[] = [];
  const memberNames: (string[] | undefined)[] = [];
  const positions: number[] = [];
  let value: unknown = body;
  for (;;) {
    if (typeof value === 'string') {
      const problem = textRule?.(value);
      if (problem)
        return { kind: 'text', pointer: pathPointer(memberNames, positions, containers.length), message: problem };
    } else if (typeof value === 'object' && value !== null) {
      if (containers.length >= limits.maxDepth) {
        const pointer = pathPointer(memberNames, positions, containers.length);
        return { kind: 'limit', pointer, message: `nests deeper than ${limits.maxDepth} levels` };
      }
      if (Array.isArray(value) && value.length > limits.maxArrayLength) {
        const pointer = pathPointer(memberNames, positions, containers.length);
        return {
          kind: 'limit',
          pointer,
          message: `has ${value.length} elements, more than the ${limits.maxArrayLength} allowed`,
        };
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
      const problem = textRule?.(name);
      if (problem) {
        return {
          kind: 'text',
          pointer: pathPointer(memberNames, positions, top + 1),
          message: `has a member name that ${problem}`,
        };
      }
      value = (containers[top] as Record<string, unknown>)[name];
      break;
    }
  }
}

/** The pointer to the child being visited in each of the first `count` containers: the value at the path's end. */
function pathPointer(
  memberNames: readonly (string[] | undefined)[],
  positions: readonly number[],
  count: number,
): string {
  let pointer = ROOT_POINTER;
  for (let i = 0; i < count; i++) {
    const names = memberNames[i];
    pointer = appendPointer(pointer, names === undefined ? positions[i] - 1 : names[positions[i] - 1]);
  }
  return pointer;
}
