/**
 * A statement's positional parameters by name, their order defined once by `names`: `ref.x` is the `$n` of `x` to
 * write into the text, `values` lists an object's values in that order (every name required, no other).
 */
export interface NamedParameters<Name extends string> {
  readonly ref: Readonly<Record<Name, string>>;
  values(named: Readonly<Record<Name, unknown>>): unknown[];
}

export function namedParameters<const Name extends string>(names: readonly Name[]): NamedParameters<Name> {
  const ref = Object.fromEntries(names.map((name, index) => [name, `$${index + 1}`])) as Record<Name, string>;
  return { ref, values: (named) => names.map((name) => named[name]) };
}
