import { poolOptions } from './database.module';

describe('poolOptions', () => {
  it('should bound connecting and statements by the configured timeouts', () => {
    expect(
      poolOptions({ databasePoolSize: 7, databaseConnectTimeoutMs: 1_000, databaseStatementTimeoutMs: 15_000 }),
    ).toEqual({
      max: 7,
      connectionTimeoutMillis: 1_000,
      statement_timeout: 15_000,
      // The client gives up only after the server would have cancelled the statement.
      query_timeout: 16_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Prepared statements keep their generic plan: the key resolution would otherwise be planned on every update.
      // Requests enter the restricted role (migration ServiceRole): append-only by the database's rights.
      options: '-c plan_cache_mode=force_generic_plan -c jit=off -c role=maco_service',
    });
  });
});
