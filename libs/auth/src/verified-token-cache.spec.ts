import { VerifiedTokenCache } from './verified-token-cache';

describe(VerifiedTokenCache.name, () => {
  let now = 1_000_000;
  const clock = () => now;
  const principal = (expiresAt?: number) => ({ subject: 's', roles: ['LF' as const], operator: false, expiresAt });

  it('should return a remembered token until it expires, and not after', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.remember('Bearer a', principal(now + 5000));

    expect(cache.get('Bearer a')).toMatchObject({ subject: 's' });
    now += 5000;
    expect(cache.get('Bearer a')).toBeUndefined();
  });

  it('should only match the exact token, so a changed token is verified anew', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.remember('a.b.c', principal(now + 5000));
    expect(cache.get('a.b.d')).toBeUndefined();
    expect(cache.get('a.b.c ')).toBeUndefined();
    expect(cache.get('A.b.c')).toBeUndefined();
    expect(cache.get('a.b.c')).toMatchObject({ subject: 's' });
  });

  it('should keep only a SHA-256 of each token, never the token itself', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.remember('header.payload.signature', principal(now + 5000));
    const keys = [...(Reflect.get(cache, 'entries') as Map<string, unknown>).keys()];
    expect(keys).toEqual(['JW0E205eSsMIdR7QiFtyK3WGMFZ8U6cSXtn70Gjlw_Y']);
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
