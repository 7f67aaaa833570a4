import { Client, type ClientBase } from 'pg';

/**
 * A libpq-style connection string with several hosts, for node-postgres, which (8.23) takes exactly one: its URL parser
 * refuses `postgres://user@h1:5432,h2:5432/maco` ("Invalid URL") and it has no `target_session_attrs`.
 *
 * `postgres://user:secret@h1:p1,h2:p2/maco?target_session_attrs=read-write` becomes one single-host URL per host, in
 * the order given (the other parameters kept, `target_session_attrs` taken out), and whether a session must accept
 * writes: `read-write` or `primary` (a streaming standby is read-only, so the two ask the same of these servers), or
 * `any` (the default). The other values libpq knows (`read-only`, `standby`, `prefer-standby`) are refused: nothing
 * here routes sessions to standbys.
 *
 * A URL with one host and no `target_session_attrs` is returned as it came: nothing changes for it.
 */
export interface HostList {
  /** One connection string per host, tried in this order. */
  urls: string[];
  /** Only a server whose sessions are not read-only will do (`target_session_attrs=read-write|primary`). */
  writable: boolean;
}

export function parseHostList(url: string): HostList {
  const scheme = /^postgres(ql)?:\/\//.exec(url)?.[0];
  if (!scheme) return { urls: [url], writable: false };
  const rest = url.slice(scheme.length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  let tail = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? '' : authority.slice(0, at + 1);
  const hosts = authority.slice(at + 1).split(',');

  let writable = false;
  let attrsGiven = false;
  const query = /\?([^#]*)/.exec(tail);
  if (query) {
    const params = new URLSearchParams(query[1]);
    const attrs = params.get('target_session_attrs');
    if (attrs !== null) {
      attrsGiven = true;
      if (attrs === 'read-write' || attrs === 'primary') writable = true;
      else if (attrs !== 'any')
        throw new Error(`target_session_attrs=${attrs} is not supported (read-write, primary or any)`);
      params.delete('target_session_attrs');
      const kept = params.toString();
      tail = tail.replace(/\?[^#]*/, kept ? `?${kept}` : '');
    }
  }
  if (hosts.length === 1 && !attrsGiven) return { urls: [url], writable: false };
  if (hosts.some((host) => host === '')) throw new Error('DATABASE_URL names an empty host in its host list');
  return { urls: hosts.map((host) => `${scheme}${userInfo}${host}${tail}`), writable };
}

/** Where a connection string points, for messages: `host:port`, never the credentials. */
export function hostOf(url: string): string {
  const { urls } = parseHostList(url);
  const authority = urls[0].replace(/^postgres(ql)?:\/\//, '').split(/[/?#]/)[0];
  return authority.slice(authority.lastIndexOf('@') + 1) || 'localhost';
}

/**
 * No server of a host list would do: each was unreachable or read-only. SQLSTATE 08001
 * (sqlclient_unable_to_establish_sqlconnection, what JDBC answers for a `targetServerType` it cannot find), so the
 * service answers it 503 like any other connection failure; `errors` holds each host's own error.
 */
export class NoUsableHostError extends Error {
  readonly code = '08001';
  constructor(
    message: string,
    readonly errors: unknown[],
  ) {
    super(message);
    this.name = 'NoUsableHostError';
  }
}

/** The server accepts no writes (a standby, or a primary being demoted). Its host is skipped like an unreachable one. */
export class ReadOnlyServerError extends Error {
  readonly code = '08001';
  constructor(host: string) {
    super(`the server at ${host} is read-only (target_session_attrs=read-write skips it)`);
    this.name = 'ReadOnlyServerError';
  }
}

/** libpq's test for `read-write`: the session's `transaction_read_only` (on for every session of a standby). */
export async function assertWritable(client: ClientBase, host: string): Promise<void> {
  const { rows } = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
  if (rows[0]?.transaction_read_only !== 'off') throw new ReadOnlyServerError(host);
}

/**
 * The single-host connection string of the first server of `url`'s host list that takes the session: reachable and,
 * with `target_session_attrs=read-write`, writable. For the connections outside the pool (migrations, partition
 * maintenance): each asks once, when it starts. A plain single-host URL is returned unchanged, without connecting.
 */
export async function usableHostUrl(url: string, connectTimeoutMs = 3000): Promise<string> {
  const list = parseHostList(url);
  if (list.urls.length === 1 && !list.writable) return list.urls[0];
  const errors: unknown[] = [];
  for (const candidate of list.urls) {
    const client = new Client({ connectionString: candidate, connectionTimeoutMillis: connectTimeoutMs });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if (list.writable) await assertWritable(client, hostOf(candidate));
      return candidate;
    } catch (error) {
      errors.push(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw noUsableHost(list, errors);
}

export function noUsableHost(list: HostList, errors: unknown[]): NoUsableHostError {
  const hosts = list.urls.map(
    (candidate, i) => `${hostOf(candidate)}: ${(errors[i] as Error | undefined)?.message ?? 'not tried'}`,
  );
  return new NoUsableHostError(
    `no ${list.writable ? 'writable ' : ''}database server among ${hosts.join('; ')}`,
    errors,
  );
}
