import { hash } from 'node:crypto';
import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/service-config.tokens';
import { carriesBody } from '../http/json-body';
import { IS_PUBLIC } from '../http/public.decorator';
import { routeFact, routeFlag } from '../http/route-flag';
import { ProblemError } from '../problem/problem.error';

const KEY_CACHE_SIZE = 1024;
/** Marks a request the pre-parse hook has counted already, so the guard does not count it twice. */
const COUNTED = Symbol('rateLimitCounted');
type CountedRequest = FastifyRequest & { [COUNTED]?: true };

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
  private plainThrottlers = false;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    super(options, storage, reflector);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    // The short path below does what the library does for throttlers with fixed numbers and none of its per-request
    // options; anything else takes the library's own path.
    const { skipIf, ignoreUserAgents, setHeaders } = this.commonOptions;
    this.plainThrottlers =
      !skipIf &&
      !ignoreUserAgents &&
      setHeaders === false &&
      this.throttlers.every(
        (throttler) =>
          typeof throttler.limit === 'number' &&
          typeof throttler.ttl === 'number' &&
          (throttler.blockDuration === undefined || typeof throttler.blockDuration === 'number') &&
          !throttler.skipIf &&
          !throttler.ignoreUserAgents &&
          !throttler.getTracker &&
          !throttler.generateKey &&
          throttler.setHeaders !== true,
      );
    this.countBeforeParsing();
  }

  /**
   * A request with a body is counted before its body is read, and one over the limit is refused without parsing
   * (the parser keeps its bytes for the quarantine: a 429 is a lost message to the middleware). No route with a body
   * is public or carries throttler decorators, so this is the guard's own count, only earlier.
   */
  private countBeforeParsing(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || this.config.rateLimit === 0 || !this.plainThrottlers) return;
    fastify.addHook('onRequest', async (request: CountedRequest) => {
      if (!carriesBody(request)) return;
      request[COUNTED] = true;
      request.refusedBeforeParsing = await this.limitProblem(trackerOf(request));
    });
  }

  /**
   * The library's check with one await per request (the storage) instead of eight, for routes without throttler
   * decorators of their own (`@Throttle`, `@SkipThrottle`: those take the library's path).
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.skips(context)) return true;
    const request = context.switchToHttp().getRequest<CountedRequest>();
    if (request[COUNTED]) {
      // Counted before parsing; a body the parser never read (a GET's) still carries the refusal here.
      if (request.refusedBeforeParsing) throw request.refusedBeforeParsing;
      return true;
    }
    if (!this.plainThrottlers || hasThrottlerMetadata(context)) return super.canActivate(context);
    const problem = await this.limitProblem(trackerOf(request));
    if (problem) throw problem;
    return true;
  }

  /** Counts one request of `tracker` in every throttler; the 429 problem when one of them is exhausted. */
  private async limitProblem(tracker: string): Promise<ProblemError | undefined> {
    for (const throttler of this.throttlers) {
      const limit = throttler.limit as number;
      const ttl = throttler.ttl as number;
      const blockDuration = (throttler.blockDuration as number | undefined) ?? ttl;
      const key = this.keyOf(tracker, throttler.name as string);
      const record = await this.storageService.increment(key, ttl, limit, blockDuration, throttler.name as string);
      if (record.isBlocked) return rateLimited({ limit, ttl, key, tracker, ...record });
    }
    return undefined;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return this.skips(context);
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return trackerOf(request as unknown as FastifyRequest);
  }

  private skips(context: ExecutionContext): boolean {
    return this.config.rateLimit === 0 || routeFlag(this.reflector, IS_PUBLIC, context);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return this.keyOf(tracker, throttlerName);
  }

  private keyOf(tracker: string, throttlerName: string): string {
    const name = `${throttlerName} ${tracker}`;
    let key = this.keys.get(name);
    if (key === undefined) {
      // A client sends the same token with every request: its key is hashed once, not per request. Bounded, so a
      // flood of distinct tokens costs a hash each and no memory beyond KEY_CACHE_SIZE.
      if (this.keys.size >= KEY_CACHE_SIZE) this.keys.clear();
      key = hash('sha256', name, 'base64url');
      this.keys.set(name, key);
    }
    return key;
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw rateLimited(detail);
  }
}

function rateLimited(detail: ThrottlerLimitDetail): ProblemError {
  const retryAfterSeconds = Math.max(1, Math.ceil(detail.timeToBlockExpire));
  return new ProblemError(
    'REQUEST.RATE_LIMITED',
    `More than ${detail.limit} requests within ${detail.ttl} ms for this token; retry after ${retryAfterSeconds} s.`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** The whole `Authorization` value, else the client address. */
function trackerOf(request: Pick<FastifyRequest, 'headers' | 'ip'>): string {
  const { headers, ip } = request;
  const authorization = headers.authorization;
  return authorization ? `token ${authorization}` : `address ${ip}`;
}

const THROTTLER_METADATA = Symbol('throttlerMetadata');

/** Whether the route's handler or controller carries @nestjs/throttler metadata (its keys start with `THROTTLER:`). */
function hasThrottlerMetadata(context: ExecutionContext): boolean {
  return routeFact(context, THROTTLER_METADATA, () =>
    [...Reflect.getMetadataKeys(context.getHandler()), ...Reflect.getMetadataKeys(context.getClass())].some(
      (key) => typeof key === 'string' && key.startsWith('THROTTLER:'),
    ),
  );
}
