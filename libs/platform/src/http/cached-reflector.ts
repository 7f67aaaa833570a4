import { Reflector } from '@nestjs/core';

type Targets = Parameters<Reflector['getAllAndOverride']>[1];

/**
 * A Reflector that looks a handler's metadata up once: route metadata is fixed when the app has started, and guards
 * such as @nestjs/throttler's ask for five keys on every request (reflect-metadata walks prototype chains for each).
 * Only `getAllAndOverride` over `[handler, class]` is remembered, keyed by the handler (a handler belongs to one class).
 */
export class CachedReflector extends Reflector {
  private readonly byHandler = new WeakMap<object, Map<unknown, unknown>>();

  override getAllAndOverride<T = unknown>(metadataKey: unknown, targets: Targets): T {
    const handler = targets[0];
    if (targets.length !== 2 || typeof handler !== 'function') return super.getAllAndOverride(metadataKey as never, targets) as T;
    let known = this.byHandler.get(handler);
    if (!known) this.byHandler.set(handler, (known = new Map()));
    if (known.has(metadataKey)) return known.get(metadataKey) as T;
    const value = super.getAllAndOverride(metadataKey as never, targets);
    known.set(metadataKey, value);
    return value as T;
  }
}
