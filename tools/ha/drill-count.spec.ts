import { type Answer, classify, count, databaseGap, type StoredKey, verdict, verify } from './drill-count';

const KILL = 1_000_000;

function answer(key: string, status: number, body: string, start: number, end = start + 5): Answer {
  return { key, status, ...classify(status, body), start, end };
}
const booked = (key: string, at: number) => answer(key, 200, JSON.stringify({ businessKey: key, replayed: false }), at);
const journaled = (key: string, at: number, businessKey = key) =>
  answer(key, 200, JSON.stringify({ journaled: true, businessKey }), at);
const row = (createdAt: number, requestId: string, extra: Partial<StoredKey> = {}): StoredKey => ({
  records: 1,
  revisions: 1,
  first: true,
  requestId,
  createdAt,
  ...extra,
});

describe(classify.name, () => {
  it('should tell a booking, a journaled write, a refusal and no answer apart', () => {
    expect(classify(200, '{"businessKey":"k","release":"FV2504"}')).toEqual({ cls: 'booked' });
    expect(classify(200, '{"journaled":true,"businessKey":"k"}')).toEqual({ cls: 'journaled', businessKey: 'k' });
    expect(classify(201, '{"journaled":true,"businessKey":"k","message":"…"}')).toMatchObject({ cls: 'journaled' });
    expect(classify(503, '{"code":"SERVER.UNAVAILABLE","status":503}')).toEqual({
      cls: 'refused',
      code: 'SERVER.UNAVAILABLE',
    });
    expect(classify(502, '<html>')).toEqual({ cls: 'refused', code: 'unparsable answer' });
    expect(classify(0, 'ECONNRESET')).toEqual({ cls: 'transport', code: 'ECONNRESET' });
  });

  it('should count a 2xx whose body is not JSON as booked, marked', () => {
    expect(classify(200, '')).toEqual({ cls: 'booked', code: 'unparsable answer' });
  });
});

describe(verify.name, () => {
  it('should find every 2xx booked exactly once, and say how each journaled write was booked', () => {
    const answers = [booked('a', KILL - 10), journaled('b', KILL + 1), journaled('c', KILL + 2)];
    const stored = new Map([
      ['a', row(KILL - 10, 'a')],
      ['b', row(KILL + 9000, 'journal:1@2026-11-28T10:00:00.000Z')],
      ['c', row(KILL - 5, 'c')],
    ]);
    expect(verify(answers, stored)).toMatchObject({
      checked: 3,
      missing: [],
      bookedTwice: [],
      journaledByReplay: 1,
      journaledBookedDirectly: 1,
      bookedByReplay: 0,
    });
  });

  it('should report a 2xx without its record or first revision as missing', () => {
    const answers = [booked('a', KILL), journaled('b', KILL), journaled('c', KILL)];
    const stored = new Map([['c', row(KILL, 'c', { first: false, revisions: 0 })]]);
    expect(verify(answers, stored).missing).toEqual(['a', 'b', 'c']);
  });

  it('should count a 2xx not booked but still in the journal as waiting, not missing', () => {
    const answers = [journaled('a', KILL), journaled('b', KILL)];
    expect(verify(answers, new Map(), new Set(['b']))).toMatchObject({ missing: ['a'], waiting: ['b'] });
  });

  it('should report a key with a second record or revision as booked twice, whatever its answer', () => {
    const answers = [journaled('a', KILL), answer('b', 503, '{"code":"SERVER.UNAVAILABLE"}', KILL), booked('c', KILL)];
    const stored = new Map([
      ['a', row(KILL, 'journal:1@x', { revisions: 2 })],
      ['b', row(KILL, 'b', { records: 2, revisions: 2 })],
      ['c', row(KILL, 'c')],
    ]);
    const checks = verify(answers, stored);
    expect(checks.bookedTwice).toEqual(['a', 'b']);
    expect(checks.storedDespiteFailure).toEqual(['b']);
    expect(checks.missing).toEqual([]);
  });

  it('should report a journaled receipt that names another key', () => {
    expect(verify([journaled('a', KILL, 'other')], new Map([['a', row(KILL, 'a')]])).receiptKeyMismatch).toEqual(['a']);
  });
});

describe(databaseGap.name, () => {
  it('should take the longest pause between bookings that starts around the kill, not the rejoin pause later', () => {
    const times = [KILL - 30, KILL - 10, KILL + 3, KILL + 16_000, KILL + 16_010, KILL + 40_000, KILL + 60_000];
    expect(databaseGap(times, KILL, KILL + 70_000)).toEqual({ lastBefore: KILL + 3, firstAfter: KILL + 16_000 });
  });

  it('should be null without a booking after the kill', () => {
    expect(databaseGap([KILL - 30], KILL, KILL + 70_000)).toBeNull();
  });
});

describe(count.name, () => {
  const run = (answers: Answer[], stored: Map<string, StoredKey>, journalEmptyAt?: number) =>
    count({
      answers,
      stored,
      killAt: KILL,
      loadStart: KILL - 10_000,
      loadEnd: KILL + 30_000,
      drainUntil: KILL + 40_000,
      journalEmptyAt,
      journalMaxEntries: 2,
    });

  it('should count the gap by class and time the drain from the database’s first booking after the kill', () => {
    const answers = [
      booked('a', KILL - 20),
      journaled('b', KILL + 100),
      answer('c', 503, '{"code":"SERVER.UNAVAILABLE"}', KILL + 200),
      answer('d', 0, 'ECONNRESET', KILL + 300),
      journaled('e', KILL + 400),
      booked('f', KILL + 20_000),
    ];
    const stored = new Map([
      ['a', row(KILL - 20, 'a')],
      ['b', row(KILL + 16_000, 'journal:1@x')],
      ['e', row(KILL + 16_010, 'journal:2@x')],
      ['f', row(KILL + 20_000, 'f')],
    ]);
    const f = run(answers, stored, KILL + 17_000);
    expect(f.gap).toMatchObject({
      databaseGapMs: 16_020,
      killToDatabaseBackMs: 16_000,
      answers: 4,
      non2xx: 2,
      byClass: { journaled: 2, '503 SERVER.UNAVAILABLE': 1, 'no answer ECONNRESET': 1 },
    });
    expect(f.answers).toMatchObject({ total: 6, booked: 2, journaled: 2, non2xx: 1, transportFailures: 1 });
    expect(f.journal).toMatchObject({ bookedByReplay: 2, databaseBackToEmptyMs: 1000, drained: true });
    expect(f.bookings).toMatchObject({ checked: 4, missing: 0, bookedTwice: 0, journaledByReplay: 2 });

    expect(verdict(f, { allowNon2xx: false, recovered: true })).toEqual({
      exitCode: 1,
      reasons: [expect.stringMatching(/^2 writes were not answered 2xx \(2 in the gap; .*503 SERVER.UNAVAILABLE × 1/)],
    });
    expect(verdict(f, { allowNon2xx: true, recovered: true })).toEqual({ exitCode: 0, reasons: [] });
  });

  it('should fail a run whose journal did not drain, or whose database did not come back', () => {
    const answers = [booked('a', KILL - 20), journaled('b', KILL + 100)];
    const stored = new Map([['a', row(KILL - 20, 'a')]]);
    const f = run(answers, stored, undefined);
    expect(f.journal.drained).toBe(false);
    expect(verdict(f, { allowNon2xx: false, recovered: false }).reasons).toEqual([
      'the database never took a write again after the kill',
      '1 writes answered 2xx are missing in the database',
      'the write journal did not drain',
    ]);
  });

  it('should fail a run whose journal still held entries at the check, naming them', () => {
    const answers = [booked('a', KILL - 20), journaled('b', KILL + 100)];
    const f = count({
      answers,
      stored: new Map([['a', row(KILL - 20, 'a')]]),
      pending: new Set(['b']),
      killAt: KILL,
      loadStart: KILL - 10_000,
      loadEnd: KILL + 30_000,
      drainUntil: KILL + 40_000,
      journalMaxEntries: 1,
    });
    expect(f.bookings).toMatchObject({ missing: 0, waiting: 1 });
    expect(verdict(f, { allowNon2xx: false, recovered: true }).reasons).toEqual([
      'the write journal did not drain (1 entries left, 1 of them writes of this run not booked yet)',
    ]);
  });

  it('should pass a run with every write answered 2xx and booked once', () => {
    const answers = [booked('a', KILL - 20), journaled('b', KILL + 100), booked('c', KILL + 20_000)];
    const stored = new Map([
      ['a', row(KILL - 20, 'a')],
      ['b', row(KILL + 16_000, 'journal:1@x')],
      ['c', row(KILL + 20_000, 'c')],
    ]);
    expect(verdict(run(answers, stored, KILL + 16_500), { allowNon2xx: false, recovered: true })).toEqual({
      exitCode: 0,
      reasons: [],
    });
  });
});
