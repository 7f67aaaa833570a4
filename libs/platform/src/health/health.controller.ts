import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../http/public.decorator';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthCheckService) {}

  /** Liveness: the process accepts requests. Deliberately independent of the database (see /health/ready). */
  @Public()
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }
}
