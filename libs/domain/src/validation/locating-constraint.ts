import type { ValidationArguments, ValidatorConstraintInterface } from 'class-validator';

/** A violation below the node a constraint is attached to, as a path relative to that node. */
export interface LocatedViolation {
  path: ReadonlyArray<string | number>;
  message: string;
}

/**
 * A constraint that checks values below its own property (dynamic keys, array items) and can say where each
 * failure sits, so the violation points at the offending key instead of its container.
 */
export interface LocatingConstraint {
  locate(value: unknown, constraints: readonly unknown[]): LocatedViolation[];
  /** `locate(…).length === 0` without building violations: the fast check's test for valid bodies. */
  passes(value: unknown, constraints: readonly unknown[]): boolean;
}

/** A locating constraint is valid exactly when it locates no violation. */
export abstract class LocatingConstraintBase implements ValidatorConstraintInterface, LocatingConstraint {
  // class-validator's verdict stays the one `locate` gives: the fast check's `passes` is tested against it.
  validate(value: unknown, args?: ValidationArguments): boolean {
    return this.locate(value, args?.constraints ?? []).length === 0;
  }

  abstract defaultMessage(): string;

  abstract locate(value: unknown, constraints: readonly unknown[]): LocatedViolation[];

  abstract passes(value: unknown, constraints: readonly unknown[]): boolean;
}

export function isLocatingConstraint(constraint: object): constraint is LocatingConstraint {
  return typeof (constraint as Partial<LocatingConstraint>).locate === 'function';
}
