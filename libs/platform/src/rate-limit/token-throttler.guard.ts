import { createHash } from 'node:crypto';
import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { SERVICE_CONFIG } from '../config/service-config.tokens';
import type { ServiceConfig } from '../config/service-config';
import { IS_PUBLIC } from '../http/public.decorator';
import { routeFlag } from '../http/route-flag';
import { ProblemError } from '../problem/problem.error';

const KEY_CACHE_SIZE = 1024;

/**
 * @nestjs/throttler per bearer token (the whole `Authorization` value; the client address for requests without
 * one), over all its routes together. Public routes (health, metrics, docs) are not limited: probes must
 * never be refused. Runs before token verification: requests without a token are limited by address; a flood of
 * forged tokens gets a count per token (each lives one window) and is refused by the token guard right after, so
 * the limit is for runaway clients with a valid token, not a defence against forgery. The counts are kept under a
 * SHA-256 of the token. A refused request gets 429 problem details with `Retry-After` in seconds.
 */
@Injectable()
export class TokenThrottlerGuard extends ThrottlerGuard {
  private readonly keys = new Map<string, string>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {
    super(options, storage, reflector);
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (this.config.rateLimit === 0) return true;
    return routeFlag(this.reflector, IS_PUBLIC, context);
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const { headers, ip } = request as unknown as FastifyRequest;
    const authorization = headers.authorization;
    return authorization ? `token ${authorization}` : `address ${ip}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    const name = `${throttlerName} ${tracker}`;
    let key = this.keys.get(name);
    if (key === undefined) {
      // A client sends the same token with every request: its key is hashed once, not per request. Bounded, so a
      // flood of distinct tokens costs a hash each and no memory beyond KEY_CACHE_SIZE.
      if (this.keys.size >= KEY_CACHE_SIZE) this.keys.clear();
      key = createHash('sha256').update(name).digest('base64url');
      this.keys.set(name, key);
    }
    return key;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const retryAfterSeconds = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    throw new ProblemError(
      'REQUEST.RATE_LIMITED',
      `More than ${detail.limit} requests within ${detail.ttl} ms for this token; retry after ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    );
  }
}
