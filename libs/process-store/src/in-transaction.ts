import type { Pool, PoolClient } from 'pg';
import { connectionLost } from '@maco/database';

export { connectionLost };

/** What a statement needs: a pool, or the client of a transaction. */
export type Queryable = Pick<PoolClient, 'query'>;

/**
 * Runs `work` in one transaction on a client of `pool`: COMMIT when it resolves, ROLLBACK when it throws (and the
 * error is passed on). A client whose connection died is discarded instead of returned to the pool.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no listener of the pool's: when its connection dies pg emits 'error' on it, which
  // without a listener would crash the process. It marks the client broken instead.
  let broken: Error | undefined;
  const onConnectionError = (error: Error) => (broken ??= error);
  client.on('error', onConnectionError);
  let inTransaction = false;
  try {
    await client.query('BEGIN');
    inTransaction = true;
    const result = await work(client);
    await client.query('COMMIT');
    inTransaction = false;
    return result;
  } catch (error) {
    if (!broken && connectionLost(error)) broken = error as Error;
    if (inTransaction && !broken) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.off('error', onConnectionError);
    client.release(broken);
  }
}
