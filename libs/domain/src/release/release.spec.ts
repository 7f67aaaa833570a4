import { parseRelease, releaseInForceAt, RELEASES } from './release';

describe(releaseInForceAt.name, () => {
  it.each([
    ['2025-09-30T21:59:59Z', undefined],
    ['2025-09-30T22:00:00Z', '10/25'],
    ['2026-03-31T21:59:59Z', '10/25'],
    ['2026-03-31T22:00:00Z', '04/26'],
    ['2026-04-01T00:00:00+02:00', '04/26'],
    ['2026-03-31T23:59:59+02:00', '10/25'],
    ['2026-09-30T21:59:59Z', '04/26'],
    ['2026-09-30T22:00:00Z', '10/26'],
    ['2030-01-01T00:00:00Z', '10/26'],
  ])('should put %s under %s (midnight German legal time)', (instant, release) => {
    expect(releaseInForceAt(new Date(instant))).toBe(release);
  });
});

describe(parseRelease.name, () => {
  it.each([
    ['10/25', '10/25'],
    ['FV2604', '04/26'],
    ['fv2610', '10/26'],
    [' 04/26 ', '04/26'],
    ['FV2704', undefined],
    ['2604', undefined],
    ['', undefined],
  ])('should read %j as %s', (value, release) => {
    expect(parseRelease(value)).toBe(release);
  });

  it('should know the three releases in order', () => {
    expect(RELEASES.map((release) => `${release.name}=${release.formatVersion}`)).toEqual([
      '10/25=FV2510',
      '04/26=FV2604',
      '10/26=FV2610',
    ]);
  });
});
