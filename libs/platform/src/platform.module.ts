import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import type { MarketRole } from '@maco/domain';
import { SERVICE_ROLE } from './config/service-config.tokens';
import { HealthController } from './health/health.controller';
import { ProblemDetailsFilter } from './problem/problem-details.filter';

/** What every service shares: its market role, problem-details errors, health. */
@Global()
@Module({})
export class PlatformModule {
  static forRole(role: MarketRole): DynamicModule {
    return {
      module: PlatformModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_ROLE, useValue: role },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [SERVICE_ROLE],
    };
  }
}
