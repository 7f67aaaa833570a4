import { hash } from 'node:crypto';
import type { Principal } from './principal';

/**
 * Tokens passport has verified, until their `exp`. The middleware sends one token for many requests; verifying its
 * signature once instead of on each request saves most of the guard's cost. A token without `exp` is never
 * remembered. Bounded: the oldest entry goes first.
 *
 * Keyed by the token's SHA-256, not the token: a lookup never compares attacker-chosen bytes with a real token (no
 * timing oracle, however faint, on the Map's string comparison), and the process does not keep bearer tokens in
 * plain text. Hashing costs about a microsecond, far below the verification it saves.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Principal & { expiresAt: number }>();

  constructor(
    private readonly capacity = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): Principal | undefined {
    const key = digest(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  remember(token: string, principal: Principal): void {
    const { expiresAt } = principal;
    if (expiresAt === undefined || expiresAt <= this.now()) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(digest(token), { ...principal, expiresAt });
  }
}

function digest(token: string): string {
  return hash('sha256', token, 'base64url');
}
