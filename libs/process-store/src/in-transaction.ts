import type { Pool, PoolClient } from 'pg';
import { connectionLost, withClient } from '@maco/database';

export { connectionLost };

/** What a statement needs: a pool, or the client of a transaction. */
export type Queryable = Pick<PoolClient, 'query'>;

/**
 * Runs `work` in one transaction on a client of `pool`: COMMIT when it resolves, ROLLBACK when it throws (and the
 * error is passed on). A client whose connection died is discarded instead of returned to the pool.
 */
export function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (client, discard) => {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is discarded instead of returned to the pool.
      if (!connectionLost(error)) await client.query('ROLLBACK').catch(discard);
      throw error;
    }
  });
}
