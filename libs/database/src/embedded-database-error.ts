// Marks the error for the service start-up (platform's `isStartupError`) without importing platform: the jest global
// setup loads this file with Node's own require, where `@maco/platform` would be its build, with a second copy of
// the domain classes in class-validator's global metadata.
const STARTUP_ERROR = Symbol.for('maco.startupError');

/** The usual way out when the embedded server cannot run here. */
export const EMBEDDED_DATABASE_FIX =
  'set DATABASE_URL to a PostgreSQL server, or MACO_DATA_DIR to a folder the user postgres can reach';

/**
 * The embedded PostgreSQL cannot run in this setup (no binaries, no usable folder, no OS user to run it as, a server
 * that does not come up). The message is one sentence naming the cause and the fix, meant to be shown as it is,
 * without a stack trace; `cause` keeps the underlying error for debugging.
 */
export class EmbeddedDatabaseUnavailableError extends Error {
  override readonly name = 'EmbeddedDatabaseUnavailableError';
  readonly [STARTUP_ERROR] = true;

  constructor(cause: string, options: { fix?: string; cause?: unknown } = {}) {
    super(`Embedded PostgreSQL cannot start: ${oneLine(cause)}; ${options.fix ?? EMBEDDED_DATABASE_FIX}.`, {
      cause: options.cause,
    });
  }
}

/** `EACCES: permission denied` for a Node system error, else its message; on one line. */
export function reason(error: unknown): string {
  if (error instanceof Error) {
    const { code } = error as NodeJS.ErrnoException;
    const message = error.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
    return oneLine(code && !message.startsWith(code) ? `${code}: ${message}` : message);
  }
  return oneLine(String(error));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[.;]$/, '');
}
