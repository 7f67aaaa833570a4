import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

const facts = new WeakMap<object, Map<unknown, unknown>>();

/**
 * A fact about the route's handler and controller, computed once per handler under `name`: metadata is fixed at start,
 * and guards ask on every request.
 */
export function routeFact<T>(context: ExecutionContext, name: unknown, compute: () => T): T {
  const handler = context.getHandler();
  let known = facts.get(handler);
  if (!known) facts.set(handler, (known = new Map()));
  if (known.has(name)) return known.get(name) as T;
  const fact = compute();
  known.set(name, fact);
  return fact;
}

/** Whether the route's handler or its controller carries metadata `key` set to true (`Reflector.getAllAndOverride`). */
export function routeFlag(reflector: Reflector, key: string, context: ExecutionContext): boolean {
  return routeFact(
    context,
    key,
    () => reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true,
  );
}
