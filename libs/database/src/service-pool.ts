import { Pool, type PoolClient, type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';

/**
 * The connection cannot be used any more: the server ended the session (FATAL or PANIC), the socket failed, or pg
 * gave up on it (connection terminated, not queryable, `query_timeout`, after which the connection is out of step with
 * the server).
 */
export function connectionLost(error: unknown): boolean {
  const { severity, syscall, message } = (error ?? {}) as { severity?: unknown; syscall?: unknown; message?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof syscall === 'string') return true;
  return typeof message === 'string' && /^(Connection terminated\b|Query read timeout$)|is not queryable$/.test(message);
}

/**
 * The service's pg pool. pg's own `pool.query` ends the connection after any failed statement, an ordinary one too (a
 * unique violation, a cancelled statement): the next statement then pays a TCP connect, authentication, the session
 * settings and the parse and plan of every prepared statement again, and every replayed update (recognised by its
 * unique violation) paid that (docs/performance.md, "The booking path, second round").
 * This pool keeps the connection after a statement error and ends it only when the connection itself failed.
 */
export class ServicePool extends Pool {
  // pg's overloads (text or config, values, callback): promise calls run here; callback calls and submittables (a
  // cursor or stream, which hold their client until they end) as pg runs them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config, values] = args as [string | QueryConfig, unknown[] | undefined];
    const submittable = typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit === 'function';
    if (submittable || args.some((arg) => typeof arg === 'function') || (typeof config !== 'string' && (typeof config !== 'object' || config === null))) {
      return (super.query as (...all: unknown[]) => unknown)(...args);
    }
    return this.queryKeepingConnection(config, values);
  }

  private queryKeepingConnection<R extends QueryResultRow>(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult<R>> {
    return withClient(this, (client) => client.query<R>(config as QueryConfig, values));
  }
}

/**
 * Runs `work` on a client checked out of `pool`, then returns the client, or drops it when its connection was lost: an
 * 'error' event while it was out (unheard, that event would end the process), an error of `work` that says so, or
 * `work` calling `discard` (say, when a ROLLBACK failed).
 */
export async function withClient<T>(pool: Pool, work: (client: PoolClient, discard: (error: Error) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const discard = (error: Error): void => {
    lost ??= error;
  };
  client.on('error', discard);
  try {
    return await work(client, discard);
  } catch (error) {
    if (connectionLost(error)) discard(error as Error);
    throw error;
  } finally {
    client.off('error', discard);
    client.release(lost);
  }
}
