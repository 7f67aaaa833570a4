import type { ConditionContext, Decider, Decision } from './condition-context';

/**
 * The words the condition catalogue is written in. Paths are dotted BO4E paths from the body (or, inside `inThis`,
 * from the scope object); `[]` marks an array, but every array met on the way is searched element by element, since
 * the middleware is not consistent about object-or-array. Tolerant where the data is unfamiliar: a value that is
 * neither one of the named codes nor shaped like an EDIFACT code (an enum name, say) leaves the condition undecided.
 */

/** EDIFACT code values as the middleware passes them (`E01`, `ZG9`, `A05`, `293`, `Z01`). */
const EDIFACT_CODE = /^[A-Z0-9]{1,3}$/;

type Path = readonly string[];

function compilePath(path: string): Path {
  return path.split('.').map((step) => step.replace(/\[\]$/, ''));
}

/** The values at `path` below `root`, arrays flattened at every step; absent values (`undefined`, `null`, `''`, `[]`) left out. */
export function valuesAt(root: unknown, path: Path): readonly unknown[] {
  // One value at a time until an array is met (most paths, run per field and body, meet none): no list per step.
  let value = root;
  for (let index = 0; index < path.length; index++) {
    value = child(value, path[index]);
    if (Array.isArray(value)) return valuesBelow(value, path, index + 1);
    if (value === undefined || value === null || value === '') return NO_VALUES;
  }
  return [value];
}

const NO_VALUES: readonly unknown[] = Object.freeze([]);

/** `valuesAt` from the elements of an array met at `path[index - 1]`. */
function valuesBelow(array: readonly unknown[], path: Path, index: number): readonly unknown[] {
  let current: unknown[] = [];
  collect(array, current);
  for (let step = index; step < path.length && current.length > 0; step++) {
    const next: unknown[] = [];
    for (const value of current) collect(child(value, path[step]), next);
    current = next;
  }
  return current;
}

function collect(value: unknown, into: unknown[]): void {
  if (Array.isArray(value)) {
    for (const element of value) collect(element, into);
  } else if (value !== undefined && value !== null && value !== '') {
    into.push(value);
  }
}

function child(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The context with another body (the scope object, an element of an array), everything else kept. Built field by field:
 * V8's object spread (`{ ...context, body }`) costs about half a microsecond here, and conditions nest it per element.
 */
export function withBody(context: ConditionContext, body: unknown): ConditionContext {
  return {
    body,
    scope: context.scope,
    receiverRole: context.receiverRole,
    senderRoles: context.senderRoles,
    receivedAt: context.receivedAt,
  };
}

/** Fulfilled when anything is at `path`. */
export function present(path: string): Decider {
  const steps = compilePath(path);
  return (context) => valuesAt(context.body, steps).length > 0;
}

/** Fulfilled when nothing is at `path`. */
export function absent(path: string): Decider {
  return not(present(path));
}

/**
 * Fulfilled when a value at `path` is one of `codes`; not fulfilled when there is none or every value is another
 * EDIFACT code; undecided for values of another shape.
 */
export function codeIn(path: string, ...codes: string[]): Decider {
  const steps = compilePath(path);
  const wanted = new Set(codes);
  return (context) => {
    const values = valuesAt(context.body, steps);
    if (values.some((value) => typeof value === 'string' && wanted.has(value))) return true;
    return values.every((value) => typeof value === 'string' && EDIFACT_CODE.test(value)) ? false : undefined;
  };
}

/** Fulfilled when no value at `path` is one of `codes` (undecided as `codeIn` is). */
export function codeNotIn(path: string, ...codes: string[]): Decider {
  return not(codeIn(path, ...codes));
}

/** Fulfilled when some value at `path` is a string starting with one of `prefixes` (Artikel-IDs `1-08-1…`). */
export function startsWith(path: string, ...prefixes: string[]): Decider {
  const steps = compilePath(path);
  return (context) => {
    const values = valuesAt(context.body, steps);
    if (values.some((value) => typeof value === 'string' && prefixes.some((prefix) => value.startsWith(prefix))))
      return true;
    return values.every((value) => typeof value === 'string') ? false : undefined;
  };
}

/** More than `count` values at `path` ("mehr als ein SG8 …"). */
export function moreThan(path: string, count: number): Decider {
  const steps = compilePath(path);
  return (context) => valuesAt(context.body, steps).length > count;
}

/**
 * "in dieser SG8": `inner` decided on the business object a rule is evaluated for, with paths relative to it; undecided
 * when the rule is not evaluated for one of `keys` (the AHB's segment group then is another object).
 */
export function inThis(keys: string | readonly string[], inner: Decider): Decider {
  const accepted = typeof keys === 'string' ? [keys] : keys;
  return (context) => {
    const scope = context.scope;
    if (!scope || !accepted.includes(scope.key)) return undefined;
    return inner(withBody(context, scope.object));
  };
}

/** "in einer SG8": `inner` fulfilled for some element of `stammdaten[key]`, paths relative to the element. */
export function inSome(key: string, inner: Decider): Decider {
  return (context) => {
    const elements = valuesAt(context.body, ['stammdaten', key]);
    let result: Decision = false;
    for (const object of elements) {
      const decision = inner(withBody(context, object));
      if (decision === true) return true;
      if (decision === undefined) result = undefined;
    }
    return result;
  };
}

/** NAD+MS "in der Rolle …": decided only when the PI's direction names the sender's role unambiguously. */
export function senderRole(...roles: string[]): Decider {
  return ({ senderRoles }) => {
    if (senderRoles.length === 0) return undefined;
    if (senderRoles.every((role) => roles.includes(role))) return true;
    return senderRoles.some((role) => roles.includes(role)) ? undefined : false;
  };
}

/** NAD+MR "in der Rolle …": the receiver is the service that books the message. */
export function receiverRole(...roles: string[]): Decider {
  return ({ receiverRole: role }) => roles.includes(role);
}

/** `transaktionsdaten.nachrichtendatum` (DTM+137) at or after `instant`; undecided without a readable date. */
export function messageDateAtOrAfter(instant: string): Decider {
  const limit = Date.parse(instant);
  return (context) => {
    const [value] = valuesAt(context.body, ['transaktionsdaten', 'nachrichtendatum']);
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(time) ? undefined : time >= limit;
  };
}

export function not(inner: Decider): Decider {
  return (context) => {
    const decision = inner(context);
    return decision === undefined ? undefined : !decision;
  };
}

/** Kleene conjunction: one unfulfilled part decides. */
export function allOf(...parts: Decider[]): Decider {
  return (context) => {
    let result: Decision = true;
    for (const part of parts) {
      const decision = part(context);
      if (decision === false) return false;
      if (decision === undefined) result = undefined;
    }
    return result;
  };
}

/** Kleene disjunction: one fulfilled part decides. */
export function anyOf(...parts: Decider[]): Decider {
  return (context) => {
    let result: Decision = false;
    for (const part of parts) {
      const decision = part(context);
      if (decision === true) return true;
      if (decision === undefined) result = undefined;
    }
    return result;
  };
}

/** Paths split once: deciders name them as dotted strings and run per field and body. */
const STEPS = new Map<string, readonly string[]>();

/** `valuesAt` for a dotted path (`stammdaten.MARKTLOKATION[].marktlokationsId`; `[]` is only a reminder). */
export function valuesOf(root: unknown, path: string): readonly unknown[] {
  let steps = STEPS.get(path);
  if (!steps) STEPS.set(path, (steps = path.split('.').map((step) => step.replace(/\[\]$/, ''))));
  return valuesAt(root, steps);
}

/**
 * "in derselben SG…" for a group that is an array element below the scope object (`zaehlwerke[]`, `abrechnungsdaten[]`):
 * the scope does not say which element a rule is evaluated for, so `inner` decides only when it decides every element
 * alike; not fulfilled without elements.
 */
export function everyElement(path: string, inner: Decider): Decider {
  return (context) => {
    const decisions = valuesOf(context.body, path).map((element) => inner(withBody(context, element)));
    if (decisions.every((decision) => decision === false)) return false;
    if (decisions.every((decision) => decision === true)) return true;
    return undefined;
  };
}

export type { ConditionContext, Decider, Decision };
