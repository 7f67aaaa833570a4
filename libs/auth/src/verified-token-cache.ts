import type { Principal } from './principal';

/**
 * Tokens passport has verified, by their exact Authorization header, until their `exp`. The middleware sends one
 * token for many requests; verifying its signature once instead of on each request saves most of the guard's cost.
 * A token without `exp` is never remembered. Bounded: the oldest entry goes first.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Principal & { expiresAt: number }>();

  constructor(
    private readonly capacity = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(authorization: string): Principal | undefined {
    const entry = this.entries.get(authorization);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(authorization);
    return undefined;
  }

  remember(authorization: string, principal: Principal): void {
    const { expiresAt } = principal;
    if (expiresAt === undefined || expiresAt <= this.now()) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(authorization, { ...principal, expiresAt });
  }
}
