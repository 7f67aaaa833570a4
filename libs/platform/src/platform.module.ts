import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from './config/service-config.tokens';
import { HealthController } from './health/health.controller';
import { LoggingModule, type LoggingOptions } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { ProblemDetailsFilter } from './problem/problem-details.filter';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { TokenThrottlerGuard } from './rate-limit/token-throttler.guard';

/** What every service shares: its market role, problem-details errors, health, metrics, request logs, rate limit. */
@Global()
@Module({})
export class PlatformModule {
  static forRole(role: MarketRole, options: { logging?: LoggingOptions } = {}): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        TerminusModule.forRoot({ logger: false }),
        MetricsModule.forRoot(),
        LoggingModule.forRoot(options.logging),
        RateLimitModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_ROLE, useValue: role },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
        // Here, not in RateLimitModule: global guards run in registration order, and this one must run before
        // AuthModule's token guards (forged-token floods are limited too).
        { provide: APP_GUARD, useClass: TokenThrottlerGuard },
      ],
      exports: [SERVICE_ROLE],
    };
  }
}
