import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from './config/service-config.tokens';
import { HealthController } from './health/health.controller';
import { LoggingModule, type LoggingOptions } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { ProblemDetailsFilter } from './problem/problem-details.filter';

/** What every service shares: its market role, problem-details errors, health, metrics and request logs. */
@Global()
@Module({})
export class PlatformModule {
  static forRole(role: MarketRole, options: { logging?: LoggingOptions } = {}): DynamicModule {
    return {
      module: PlatformModule,
      imports: [TerminusModule.forRoot({ logger: false }), MetricsModule.forRoot(), LoggingModule.forRoot(options.logging)],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_ROLE, useValue: role },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [SERVICE_ROLE],
    };
  }
}
