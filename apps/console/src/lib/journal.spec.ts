import type { JournalUsage } from '@maco/process-data/api';
import { clockTime, journalBanner, journalStaleText, relativeTime } from './journal';

const NOW = Date.parse('2026-04-01T08:34:12.000Z');
const MIB = 1024 * 1024;
const USAGE: JournalUsage = {
  role: 'LF',
  entries: 148,
  bytes: 612_004,
  maxBytes: 1024 * MIB,
  oldestReceivedAt: '2026-04-01T08:31:05.000Z',
  journalingSince: '2026-04-01T08:31:02.000Z',
};
/** The timestamp as it came, so the texts do not depend on the machine's time zone. */
const asIs = (value: string): string => value;

describe('journalBanner', () => {
  it('should show nothing while no entry waits', () => {
    expect(journalBanner({ ...USAGE, entries: 0, bytes: 0, journalingSince: null, oldestReceivedAt: null }, NOW)).toBe(
      null,
    );
    // Still journaling (the database not back) but the journal emptied: nothing waits, no banner.
    expect(journalBanner({ ...USAGE, entries: 0, bytes: 0 }, NOW)).toBe(null);
  });

  it('should say how many wait, since when journaling began and how long ago, and why', () => {
    expect(journalBanner(USAGE, NOW, asIs)).toEqual({
      text:
        '148 writes wait in the write journal since 2026-04-01T08:31:02.000Z, 3 min ago ' +
        '(the database is unavailable; they are booked when it is back).',
      fill: null,
      share: 612_004 / (1024 * MIB),
      since: '2026-04-01T08:31:02.000Z',
    });
  });

  it('should say "1 write waits" for one', () => {
    expect(journalBanner({ ...USAGE, entries: 1 }, NOW, asIs)?.text).toMatch(
      /^1 write waits in the write journal since/,
    );
  });

  it('should fall back to the oldest entry’s arrival, and leave out the time when neither is known', () => {
    expect(journalBanner({ ...USAGE, journalingSince: null }, NOW, asIs)).toMatchObject({
      text: expect.stringContaining('since 2026-04-01T08:31:05.000Z, 3 min ago ('),
      since: '2026-04-01T08:31:05.000Z',
    });
    expect(journalBanner({ ...USAGE, journalingSince: null, oldestReceivedAt: null }, NOW, asIs)).toMatchObject({
      text: '148 writes wait in the write journal (the database is unavailable; they are booked when it is back).',
      since: null,
    });
  });

  it('should show the bytes held of the limit only above half of it', () => {
    expect(journalBanner({ ...USAGE, bytes: 512 * MIB }, NOW, asIs)?.fill).toBe(null);
    expect(journalBanner({ ...USAGE, bytes: 600 * MIB }, NOW, asIs)).toMatchObject({
      fill:
        'The journal holds 600.0 MiB of its 1.0 GiB (58.6 %); when it is full, new writes get no answer ' +
        '(the middleware retries them).',
      share: 600 / 1024,
    });
    expect(journalBanner({ ...USAGE, bytes: 1024 * MIB }, NOW, asIs)?.fill).toMatch(
      /^The journal holds 1\.0 GiB of its 1\.0 GiB \(100\.0 %\)/,
    );
    // A limit of 0 (never configured so) is no share.
    expect(journalBanner({ ...USAGE, maxBytes: 0 }, NOW, asIs)).toMatchObject({ fill: null, share: 0 });
  });

  it('should show a timestamp it cannot read as it came', () => {
    expect(journalBanner({ ...USAGE, journalingSince: 'yesterday' }, NOW, asIs)?.text).toMatch(
      /^148 writes wait in the write journal since yesterday \(/,
    );
  });

  it('should format the time as the local clock time by default', () => {
    const text = journalBanner(USAGE, NOW)?.text;
    expect(text).toContain(`since ${new Date(USAGE.journalingSince as string).toLocaleTimeString('de-DE')}, 3 min ago`);
  });
});

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [-3_000, 'just now'],
    [4_999, 'just now'],
    [5_000, '5 s ago'],
    [59_999, '59 s ago'],
    [60_000, '1 min ago'],
    [59 * 60_000, '59 min ago'],
    [3_600_000, '1 h ago'],
    [3_600_000 + 5 * 60_000, '1 h 5 min ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 h 59 min ago'],
    [24 * 3_600_000, '1 day ago'],
    [3 * 24 * 3_600_000 + 7, '3 days ago'],
  ])('should say %d ms ago is "%s"', (ago, text) => {
    expect(relativeTime(NOW - ago, NOW)).toBe(text);
  });
});

describe('clockTime', () => {
  it('should show the time alone on the day of now, with the date on another day', () => {
    const today = new Date(NOW - 60_000).toISOString();
    expect(clockTime(today, NOW)).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(clockTime(today, NOW)).toBe(new Date(today).toLocaleTimeString('de-DE'));
    const earlier = new Date(NOW - 3 * 24 * 3_600_000).toISOString();
    expect(clockTime(earlier, NOW)).toMatch(/^\d\d\.\d\d\.\d\d, \d\d:\d\d:\d\d$/);
  });

  it('should show a value it cannot read as it came', () => {
    expect(clockTime('not a time', NOW)).toBe('not a time');
  });
});

describe('journalStaleText', () => {
  it('should say which read the banner shows and why the latest failed', () => {
    expect(journalStaleText('2026-04-01T08:34:07.000Z', '0: fetch failed', asIs)).toBe(
      'As read at 2026-04-01T08:34:07.000Z; reading the journal again failed (0: fetch failed).',
    );
  });
});
