import type { DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule, JwtAuthGuard, ServiceRoleGuard } from '@maco/auth';
import { DatabaseModule } from '@maco/database';
import { type LoggingOptions, PlatformModule, type ServiceDefinition, TokenThrottlerGuard } from '@maco/platform';

export interface ComposeOptions {
  logging?: LoggingOptions;
}

/**
 * The root module of a service: platform (with the problem codes and log fields its groups register), the database,
 * authentication, then each group's module in the definition's order. The global guards are registered here and only
 * here, in the order they must run: rate limit (forged-token floods count too), token (401), role (403).
 */
export function composeService(definition: ServiceDefinition, options: ComposeOptions = {}): DynamicModule {
  return {
    module: class ServiceModule {},
    imports: [
      PlatformModule.forService(definition, { logging: options.logging }),
      DatabaseModule.forRoot(),
      AuthModule,
      ...definition.groups.map((group) => group.module),
    ],
    providers: [
      { provide: APP_GUARD, useClass: TokenThrottlerGuard },
      { provide: APP_GUARD, useClass: JwtAuthGuard },
      { provide: APP_GUARD, useClass: ServiceRoleGuard },
    ],
  };
}
