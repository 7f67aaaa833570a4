import { Controller, Get, HttpException, Inject, Optional } from '@nestjs/common';
import { HealthCheck, HealthCheckError, HealthCheckService, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Pool } from 'pg';
import { platformProblem, Public, ReadinessFallbacks } from '@maco/platform';
import { PG_POOL } from './database.tokens';
import { MIGRATIONS } from './migrations';

const PING_TIMEOUT_MS = 1500;

/**
 * Readiness: the database answers and every migration this build knows is applied. While the database is down but a
 * group takes the writes on without it (the write journal), the instance stays ready (200, `status: "degraded"`): a
 * load balancer that took every instance out would turn each write into a refused connection.
 */
@Controller('health')
export class ReadinessController {
  constructor(
    private readonly health: HealthCheckService,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Optional() private readonly fallbacks?: ReadinessFallbacks,
  ) {}

  @Public()
  @Get('ready')
  @HealthCheck()
  async ready() {
    try {
      return await this.health.check([() => this.databaseAnswers(), () => this.migrationsApplied()]);
    } catch (error) {
      // Terminus reports which check failed; the answer stays a problem document like every other error.
      const checks = error instanceof HttpException ? (error.getResponse() as { error?: unknown }).error : undefined;
      const databaseDown = (checks as { database?: { status?: string } } | undefined)?.database?.status === 'down';
      const degraded = databaseDown ? this.fallbacks?.whileDatabaseDown() : undefined;
      if (degraded) return { status: 'degraded', ...degraded, error: checks };
      throw platformProblem('SERVER.UNAVAILABLE', 'The service is not ready: see checks.', { checks });
    }
  }

  private async databaseAnswers(): Promise<HealthIndicatorResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), timeout]);
      return { database: { status: 'up' } };
    } catch (error) {
      const message = (error as Error).message;
      throw new HealthCheckError(message, { database: { status: 'down', message } });
    } finally {
      clearTimeout(timer);
    }
  }

  private async migrationsApplied(): Promise<HealthIndicatorResult> {
    // Runs beside the ping: an unreachable database must count as a failed check, not as a crash of the check.
    const applied = await this.pool
      .query<{ name: string }>('SELECT name FROM migrations')
      .then(({ rows }) => new Set(rows.map((row) => row.name)))
      .catch(() => undefined);
    if (applied && MIGRATIONS.every((migration) => applied.has(migration.name)))
      return { migrations: { status: 'up' } };
    const message = applied ? 'migrations pending' : 'could not read the applied migrations';
    throw new HealthCheckError(message, { migrations: { status: 'down', message } });
  }
}
