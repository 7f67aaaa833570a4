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
 * settings and the parse and plan of every prepared statement again. A replayed update — recognised by its unique
 * violation — cost 0.87 ms of service CPU that way, and a retry storm of updates ran at a fifth of the normal rate.
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

  private async queryKeepingConnection<R extends QueryResultRow>(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult<R>> {
    const client: PoolClient = await this.connect();
    // While checked out, a client has no listener of the pool's: a dying connection emits 'error' on it, which unheard
    // would end the process. It marks the client lost instead; a lost client is released with its error and dropped.
    let lost: Error | undefined;
    const onConnectionError = (error: Error) => (lost ??= error);
    client.on('error', onConnectionError);
    try {
      return await client.query<R>(config as QueryConfig, values);
    } catch (error) {
      if (!lost && connectionLost(error)) lost = error as Error;
      throw error;
    } finally {
      client.off('error', onConnectionError);
      client.release(lost);
    }
  }
}
