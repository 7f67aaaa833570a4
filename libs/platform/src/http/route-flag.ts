import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

const flags = new WeakMap<object, Map<string, boolean>>();

/**
 * Whether the route's handler or its controller carries metadata `key` set to true (`Reflector.getAllAndOverride`),
 * looked up once per handler: metadata is fixed at start, and the guards ask on every request.
 */
export function routeFlag(reflector: Reflector, key: string, context: ExecutionContext): boolean {
  const handler = context.getHandler();
  let known = flags.get(handler);
  if (!known) flags.set(handler, (known = new Map()));
  let flag = known.get(key);
  if (flag === undefined) {
    flag = reflector.getAllAndOverride<boolean>(key, [handler, context.getClass()]) === true;
    known.set(key, flag);
  }
  return flag;
}
