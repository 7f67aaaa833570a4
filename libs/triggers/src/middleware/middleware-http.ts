/** An answer of the middleware: its status and body text (the body is always read, so the connection is reusable). */
export interface MiddlewareAnswer {
  status: number;
  text: string;
}

/** The middleware did not answer: refused or dropped connection, timeout, name not resolved. */
export class MiddlewareUnreachable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MiddlewareUnreachable';
  }
}

/**
 * One HTTP call to the middleware, bounded by `timeoutMs` (connect, answer and body). Redirects are refused: a
 * bearer token or a password must not follow one to another host. The reason of a failure names no URL or secret.
 */
export async function callMiddleware(
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<MiddlewareAnswer> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw new MiddlewareUnreachable(unreachableReason(error, timeoutMs));
  }
}

function unreachableReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code ? `connection failed (${code})` : 'connection failed';
}

/** The JSON object a body holds, else undefined (the middleware may answer anything when it fails). */
export function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
