import { FixedWindowThrottlerStorage } from './fixed-window-storage';

describe(FixedWindowThrottlerStorage.name, () => {
  let now = 0;
  const storage = () => new FixedWindowThrottlerStorage(() => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('should let `limit` requests of a key through per window and refuse the next until the window ends', async () => {
    const limits = storage();
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limits.increment('token', 10_000, 3, 10_000, 'token'));
    expect(hits.map((hit) => hit.isBlocked)).toEqual([false, false, false, true]);
    expect(hits[2]).toEqual({ totalHits: 3, timeToExpire: 10, isBlocked: false, timeToBlockExpire: 0 });
    now += 7_500;
    expect(await limits.increment('token', 10_000, 3, 10_000, 'token')).toEqual({
      totalHits: 4,
      timeToExpire: 3,
      isBlocked: true,
      timeToBlockExpire: 3,
    });
    now += 2_500;
    expect(await limits.increment('token', 10_000, 3, 10_000, 'token')).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('should count keys and throttler names apart', async () => {
    const limits = storage();
    await limits.increment('a', 1_000, 1, 1_000, 'token');
    expect((await limits.increment('b', 1_000, 1, 1_000, 'token')).isBlocked).toBe(false);
    expect((await limits.increment('a', 1_000, 1, 1_000, 'other')).isBlocked).toBe(false);
    expect((await limits.increment('a', 1_000, 1, 1_000, 'token')).isBlocked).toBe(true);
  });

  it('should drop windows that ended, so idle keys do not accumulate', async () => {
    const limits = storage();
    for (let i = 0; i < 100; i++) await limits.increment(`key-${i}`, 1_000, 5, 1_000, 'token');
    expect(limits.size).toBe(100);
    now += 1_000;
    await limits.increment('fresh', 1_000, 5, 1_000, 'token');
    expect(limits.size).toBe(1);
  });
});
