import type { ThrottlerStorage } from '@nestjs/throttler';

interface Window {
  /** When the current window ends (ms since the epoch). */
  endsAt: number;
  hits: number;
}

/** The answer @nestjs/throttler expects from its storage (`ThrottlerStorageRecord`; times in seconds). */
export interface ThrottlerRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * Rate-limit storage in constant time per request: one counter per key and window of `ttl` ms, the window starting
 * with the key's first request. The library's default storage keeps every hit's expiry and filters the whole list on
 * each request, so its cost grows with the request rate (docs/performance.md, "Reads"). A fixed window lets a client
 * send up to twice the limit across a window boundary; for a limit meant to stop a runaway client that is acceptable.
 * Refused requests do not count. Windows that ended are dropped at most once per `ttl`, in the request that finds
 * them due.
 */
export class FixedWindowThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerRecord> {
    const now = this.now();
    if (now >= this.sweepAt) this.sweep(now, ttl);
    const id = `${throttlerName}\u0000${key}`;
    let window = this.windows.get(id);
    if (!window || now >= window.endsAt) {
      window = { endsAt: now + ttl, hits: 0 };
      this.windows.set(id, window);
    }
    const timeToExpire = Math.ceil((window.endsAt - now) / 1000);
    if (window.hits >= limit)
      return { totalHits: window.hits + 1, timeToExpire, isBlocked: true, timeToBlockExpire: timeToExpire };
    window.hits += 1;
    return { totalHits: window.hits, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
  }

  /** Keys with a window in force (for tests). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number, ttl: number): void {
    for (const [id, window] of this.windows) if (now >= window.endsAt) this.windows.delete(id);
    this.sweepAt = now + ttl;
  }
}
