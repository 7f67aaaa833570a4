import { Controller, Get, HttpException } from '@nestjs/common';
import { HealthCheck, HealthCheckError, HealthCheckService, TypeOrmHealthIndicator, type HealthIndicatorResult } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ProblemError, Public } from '@maco/platform';

/** Readiness: the database answers and every migration this build knows is applied. */
@Controller('health')
export class ReadinessController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Public()
  @Get('ready')
  @HealthCheck()
  async ready() {
    try {
      return await this.health.check([
        () => this.database.pingCheck('database', { connection: this.dataSource, timeout: 1500 }),
        () => this.migrationsApplied(),
      ]);
    } catch (error) {
      // Terminus reports which check failed; the answer stays a problem document like every other error.
      const checks = error instanceof HttpException ? (error.getResponse() as { error?: unknown }).error : undefined;
      throw new ProblemError('SERVER.UNAVAILABLE', 'The service is not ready: see checks.', { checks });
    }
  }

  private async migrationsApplied(): Promise<HealthIndicatorResult> {
    // Runs beside the ping: an unreachable database must count as a failed check, not as a crash of the check.
    const pending = await this.dataSource.showMigrations().catch(() => undefined);
    if (pending === false) return { migrations: { status: 'up' } };
    const message = pending ? 'migrations pending' : 'could not read the applied migrations';
    throw new HealthCheckError(message, { migrations: { status: 'down', message } });
  }
}
