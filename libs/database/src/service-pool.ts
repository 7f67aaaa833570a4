import {
  type Client,
  type ClientBase,
  Pool,
  type PoolClient,
  type PoolConfig,
  type QueryConfig,
  type QueryResult,
  type QueryResultRow,
} from 'pg';
import { assertWritable, type HostList, noUsableHost, parseHostList, ReadOnlyServerError } from './host-list';

/**
 * The connection cannot be used any more: the server ended the session (FATAL or PANIC), the socket failed, or pg
 * gave up on it (connection terminated, not queryable, `query_timeout`, after which the connection is out of step with
 * the server).
 */
export function connectionLost(error: unknown): boolean {
  const { severity, syscall, message } = (error ?? {}) as { severity?: unknown; syscall?: unknown; message?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof syscall === 'string') return true;
  return (
    typeof message === 'string' && /^(Connection terminated\b|Query read timeout$)|is not queryable$/.test(message)
  );
}

/** A host of a host list that cannot take the session now: unreachable, refusing, or (read-write wanted) read-only. */
function hostUnusable(error: unknown): boolean {
  return error instanceof ReadOnlyServerError || connectionLost(error);
}

/**
 * The service's pg pool. pg's own `pool.query` ends the connection after any failed statement, an ordinary one too (a
 * unique violation, a cancelled statement): the next statement then pays a TCP connect, authentication, the session
 * settings and the parse and plan of every prepared statement again, and every replayed update (recognised by its
 * unique violation) paid that (docs/performance.md, "The booking path, second round").
 * This pool keeps the connection after a statement error and ends it only when the connection itself failed.
 *
 * Host lists (`postgres://…@h1:p1,h2:p2/maco?target_session_attrs=read-write`, parsed by {@link parseHostList}; pg
 * 8.23 has neither): new connections go to the host that last took one; when it is unreachable, refuses, or — with
 * `read-write` — turns out read-only (checked on each new connection, one `SHOW`), the pool moves on to the next host
 * and tries each host once before the checkout fails (08001, answered 503). That is how a service follows a failover:
 * the connections to the old primary die with it, new ones find the promoted standby. A plain URL is untouched.
 */
export class ServicePool extends Pool {
  private readonly hostList: HostList | undefined;
  private currentHost = 0;

  constructor(config: PoolConfig = {}) {
    const parsed = config.connectionString === undefined ? undefined : parseHostList(config.connectionString);
    const hostList = parsed && (parsed.urls.length > 1 || parsed.writable) ? parsed : undefined;
    const onConnect = config.onConnect;
    super(
      hostList
        ? {
            ...config,
            connectionString: hostList.urls[0],
            // pg-pool awaits onConnect (index.js: `_promiseTry(() => onConnect(client)).then`); @types/pg says void.
            // eslint-disable-next-line @typescript-eslint/no-misused-promises
            onConnect: async (client: ClientBase) => {
              if (hostList.writable)
                await assertWritable(client, `${(client as Client).host}:${(client as Client).port}`);
              await onConnect?.(client);
            },
          }
        : config,
    );
    this.hostList = hostList;
  }

  override connect(): Promise<PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<PoolClient> | void {
    if (!this.hostList) return callback ? super.connect(callback) : super.connect();
    const connecting = this.connectToUsableHost(this.hostList);
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private async connectToUsableHost(list: HostList): Promise<PoolClient> {
    const errors: unknown[] = [];
    for (let tried = 0; tried < list.urls.length; tried++) {
      const host = this.currentHost;
      try {
        // An idle connection, else a new one to the current host (or a wait for one in a full pool).
        return await super.connect();
      } catch (error) {
        if (!hostUnusable(error)) throw error;
        errors[host] = error;
        // Requests failing on the same host at once: the first moves the pool on, the others follow it.
        if (this.currentHost === host) {
          this.currentHost = (host + 1) % list.urls.length;
          this.options.connectionString = list.urls[this.currentHost];
        }
      }
    }
    throw noUsableHost(list, errors);
  }

  // pg's overloads (text or config, values, callback): promise calls run here; callback calls and submittables (a
  // cursor or stream, which hold their client until they end) as pg runs them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config, values] = args as [string | QueryConfig, unknown[] | undefined];
    const submittable =
      typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit === 'function';
    if (
      submittable ||
      args.some((arg) => typeof arg === 'function') ||
      (typeof config !== 'string' && (typeof config !== 'object' || config === null))
    ) {
      return (super.query as (...all: unknown[]) => unknown)(...args);
    }
    return this.queryKeepingConnection(config, values);
  }

  private queryKeepingConnection<R extends QueryResultRow>(
    config: string | QueryConfig,
    values?: unknown[],
  ): Promise<QueryResult<R>> {
    return withClient(this, (client) => client.query<R>(config as QueryConfig, values));
  }
}

/**
 * Runs `work` on a client checked out of `pool`, then returns the client, or drops it when its connection was lost: an
 * 'error' event while it was out (unheard, that event would end the process), an error of `work` that says so, or
 * `work` calling `discard` (say, when a ROLLBACK failed).
 */
export async function withClient<T>(
  pool: Pool,
  work: (client: PoolClient, discard: (error: Error) => void) => Promise<T>,
): Promise<T> {
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
