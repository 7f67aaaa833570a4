import { retryDelayMs } from './retry-delay';

describe(retryDelayMs.name, () => {
  const settings = { retryBaseMs: 1000, retryMaxMs: 60_000 };

  it('should double the backoff per failed attempt, from the base', () => {
    const upper = (failed: number) => retryDelayMs(failed, settings, () => 1);
    expect([1, 2, 3, 4].map(upper)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('should jitter between half and all of the backoff', () => {
    expect(retryDelayMs(3, settings, () => 0)).toBe(2000);
    expect(retryDelayMs(3, settings, () => 0.5)).toBe(3000);
  });

  it('should never exceed the maximum, however many attempts failed', () => {
    expect(retryDelayMs(7, settings, () => 1)).toBe(60_000);
    expect(retryDelayMs(500, settings, () => 1)).toBe(60_000);
  });
});
