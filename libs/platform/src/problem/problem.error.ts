import type { ProblemCode } from './problem-codes';

/** One failing field: a JSON Pointer (URI fragment form) into the request body and what is wrong there. */
export interface ProblemFieldError {
  pointer: string;
  message: string;
}

/** A failure whose answer is known: rendered as RFC 9457 problem details by the global filter. */
export class ProblemError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extensions: { errors?: ProblemFieldError[]; [member: string]: unknown } = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}
