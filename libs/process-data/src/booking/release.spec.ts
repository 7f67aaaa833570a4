import { releaseInForce } from './release';

describe(releaseInForce.name, () => {
  const received = new Date('2026-11-21T10:00:00Z');

  it.each([
    ['2026-03-31T21:59:59Z', '10/25'],
    ['2026-03-31T22:00:00Z', '04/26'],
    ['2026-09-30T21:59:59Z', '04/26'],
    ['2026-09-30T22:00:00Z', '10/26'],
    ['2024-04-01T10:57:00Z', '10/25'],
  ])('should choose by nachrichtendatum %s → %s (German midnight in UTC)', (nachrichtendatum, release) => {
    expect(releaseInForce(nachrichtendatum, received)).toBe(release);
  });

  it('should fall back to the time of receipt when nachrichtendatum is missing', () => {
    expect(releaseInForce(undefined, received)).toBe('10/26');
    expect(releaseInForce(undefined, new Date('2026-05-01T00:00:00Z'))).toBe('04/26');
  });
});
