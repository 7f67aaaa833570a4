import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/service-config.tokens';
import { FixedWindowThrottlerStorage } from './fixed-window-storage';

/**
 * Settings and storage of the rate limit per token: `RATE_LIMIT` requests per `RATE_LIMIT_WINDOW_MS` (0 = off), counted
 * in fixed windows (`FixedWindowThrottlerStorage`). The
 * guard (`TokenThrottlerGuard`) is registered by PlatformModule itself, so it runs before the token guards.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: ServiceConfig) => ({
        // X-RateLimit-* headers on every answer cost more than they tell a middleware; 429 carries Retry-After.
        setHeaders: false,
        throttlers: [{ name: 'token', ttl: config.rateLimitWindowMs, limit: Math.max(1, config.rateLimit) }],
        storage: new FixedWindowThrottlerStorage(),
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
