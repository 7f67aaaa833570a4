import type { ProblemFieldError } from '../platform-api';
import type { PlatformProblemCode, ProblemCatalog } from './problem-catalog';

export type ProblemExtensions = { errors?: ProblemFieldError[]; [member: string]: unknown };

/**
 * A failure whose answer is known: rendered as RFC 9457 problem details by the global filter, with the status, slug and
 * title its code has in the service's problem catalog. Throw it through a group's {@link problemFactory}, which types
 * the code.
 */
export class ProblemError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    readonly detail: string,
    readonly extensions: ProblemExtensions = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}

/** Creates problems with the codes of `catalog` or platform's: a group's typed way to fail. */
export function problemFactory<T extends ProblemCatalog>(
  _catalog: T,
): (
  code: (keyof T & string) | PlatformProblemCode,
  detail: string,
  extensions?: ProblemExtensions,
  headers?: Record<string, string>,
) => ProblemError {
  return (code, detail, extensions, headers) => new ProblemError(code, detail, extensions, headers);
}

/** Platform's own problems. */
export const platformProblem = (
  code: PlatformProblemCode,
  detail: string,
  extensions?: ProblemExtensions,
  headers?: Record<string, string>,
): ProblemError => new ProblemError(code, detail, extensions, headers);
