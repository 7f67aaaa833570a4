import type { ExecutionContext } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { ServiceConfig } from '../config/service-config';
import { ProblemError } from '../problem/problem.error';
import { FixedWindowThrottlerStorage } from './fixed-window-storage';
import { TokenThrottlerGuard } from './token-throttler.guard';

class Routes {
  plain(): string {
    return 'plain';
  }

  @SkipThrottle({ token: true })
  skipped(): string {
    return 'skipped';
  }

  @Throttle({ token: { limit: 1, ttl: 60_000 } })
  strict(): string {
    return 'strict';
  }
}

function contextOf(handler: () => string, authorization = 'Bearer a'): ExecutionContext {
  const request = { headers: { authorization }, ip: '127.0.0.1' };
  return {
    getHandler: () => handler,
    getClass: () => Routes,
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({ header: () => undefined }) }),
  } as unknown as ExecutionContext;
}

async function guardWith(
  limit: number,
  options: { setHeaders?: boolean } = { setHeaders: false },
): Promise<TokenThrottlerGuard> {
  const guard = new TokenThrottlerGuard(
    { throttlers: [{ name: 'token', ttl: 60_000, limit }], ...options },
    new FixedWindowThrottlerStorage(),
    new Reflector(),
    { rateLimit: limit } as ServiceConfig,
    new HttpAdapterHost(),
  );
  await guard.onModuleInit();
  return guard;
}

/** How many of `count` requests pass before the first 429, and the code of the refusal. */
async function passed(
  guard: TokenThrottlerGuard,
  context: ExecutionContext,
  count: number,
): Promise<{ passed: number; refusal?: string }> {
  for (let i = 0; i < count; i++) {
    try {
      await guard.canActivate(context);
    } catch (error) {
      return { passed: i, refusal: (error as ProblemError).code };
    }
  }
  return { passed: count };
}

describe('TokenThrottlerGuard', () => {
  const routes = new Routes();

  it('should let a token through up to its limit and refuse the next request with 429 problem details', async () => {
    expect(await passed(await guardWith(3), contextOf(routes.plain), 5)).toEqual({
      passed: 3,
      refusal: 'REQUEST.RATE_LIMITED',
    });
  });

  it('should count every token on its own', async () => {
    const guard = await guardWith(2);
    expect(await passed(guard, contextOf(routes.plain, 'Bearer a'), 3)).toEqual({
      passed: 2,
      refusal: 'REQUEST.RATE_LIMITED',
    });
    expect(await passed(guard, contextOf(routes.plain, 'Bearer b'), 2)).toEqual({ passed: 2 });
  });

  it("should honour the library's route decorators: @SkipThrottle and a stricter @Throttle", async () => {
    const guard = await guardWith(3);
    expect(await passed(guard, contextOf(routes.skipped), 10)).toEqual({ passed: 10 });
    expect(await passed(guard, contextOf(routes.strict), 3)).toEqual({ passed: 1, refusal: 'REQUEST.RATE_LIMITED' });
  });

  it("should take the library's path where the module asks for rate-limit headers, with the same limit", async () => {
    expect(await passed(await guardWith(2, { setHeaders: true }), contextOf(routes.plain), 4)).toEqual({
      passed: 2,
      refusal: 'REQUEST.RATE_LIMITED',
    });
  });
});
