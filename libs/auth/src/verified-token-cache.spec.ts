import { VerifiedTokenCache } from './verified-token-cache';

describe(VerifiedTokenCache.name, () => {
  let now = 1_000_000;
  const clock = () => now;
  const principal = (expiresAt?: number) => ({ subject: 's', roles: ['LF' as const], expiresAt });

  it('should return a remembered token until it expires, and not after', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.remember('Bearer a', principal(now + 5000));

    expect(cache.get('Bearer a')).toMatchObject({ subject: 's' });
    now += 5000;
    expect(cache.get('Bearer a')).toBeUndefined();
  });

  it('should only match the exact header, so a changed token is verified anew', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.remember('Bearer a.b.c', principal(now + 5000));
    expect(cache.get('Bearer a.b.d')).toBeUndefined();
    expect(cache.get('bearer a.b.c')).toBeUndefined();
  });

  it('should never remember a token without exp or already expired', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.remember('Bearer x', principal(undefined));
    cache.remember('Bearer y', principal(now));
    expect([cache.get('Bearer x'), cache.get('Bearer y')]).toEqual([undefined, undefined]);
  });

  it('should drop the oldest entry beyond its capacity', () => {
    const cache = new VerifiedTokenCache(2, clock);
    for (const token of ['1', '2', '3']) cache.remember(token, principal(now + 5000));
    expect([cache.get('1'), cache.get('2'), cache.get('3')].map(Boolean)).toEqual([false, true, true]);
  });
});
