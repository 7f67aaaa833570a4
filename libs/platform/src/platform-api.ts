/**
 * What every service answers the same way, as types only (no runtime import): keyset pages and problem details. The
 * backend builds its answers with these types and the operator console reads them with them (`@maco/platform/api`,
 * `import type`), so a renamed member fails to compile in both.
 */

/** One page of a list, newest first, and where the next one starts (null: this is the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One failing field: a JSON Pointer (URI fragment form) into the request body and what is wrong there. */
export interface ProblemFieldError {
  pointer: string;
  message: string;
}

/**
 * An `application/problem+json` body (RFC 9457) as the problem-details filter writes it: the title and status of the
 * code's catalogue entry, the detail, the code, the request's members (`type`, `instance`, `correlationId`; absent
 * where a problem is rendered outside a request), the problem's own extensions, and its field errors.
 */
export interface ProblemDetails {
  type?: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code: string;
  correlationId?: string;
  errors?: ProblemFieldError[];
  [extension: string]: unknown;
}
