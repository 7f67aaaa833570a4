import { DEADLINE_RULES } from '@maco/domain';
import { encodeCursor, readQuery } from '@maco/platform';
import { DEFAULT_LIMIT } from '../operator-read-route';
import { DEADLINE_LIST_ROUTE, DEADLINE_RULE_IDS } from './deadline-list-route';

const read = (query: Record<string, unknown>) => readQuery(DEADLINE_LIST_ROUTE.query, query);

describe('GET /deadlines query', () => {
  it('should read every filter, the page size and the cursor', () => {
    const cursor = encodeCursor([
      '2026-05-05T09:00:00+00:00',
      '0190a0b0-0000-7000-8000-000000000000',
      'GPKE_KUENDIGUNG_ANTWORT',
      3,
    ]);
    const { values, errors, given } = read({
      state: 'missed',
      dueBefore: '2026-05-06T00:00+02:00',
      rule: 'GPKE_KUENDIGUNG_ANTWORT',
      answered: 'false',
      limit: '10',
      cursor,
    });
    expect(errors).toEqual([]);
    expect(values).toEqual({
      state: 'missed',
      dueBefore: new Date('2026-05-05T22:00:00Z'),
      rule: 'GPKE_KUENDIGUNG_ANTWORT',
      answered: false,
      limit: 10,
      cursor: ['2026-05-05T09:00:00+00:00', '0190a0b0-0000-7000-8000-000000000000', 'GPKE_KUENDIGUNG_ANTWORT', 3],
    });
    expect(given).toEqual(['state', 'dueBefore', 'rule', 'answered', 'limit', 'cursor']);
  });

  it('should read no filter as every deadline, the default page size', () => {
    const { values, errors } = read({});
    expect(errors).toEqual([]);
    expect(values).toEqual({
      state: undefined,
      dueBefore: undefined,
      rule: undefined,
      answered: undefined,
      limit: DEFAULT_LIMIT,
      cursor: undefined,
    });
  });

  it.each(['open', 'met', 'missed'])('should take the state %s', (state) => {
    expect(read({ state }).errors).toEqual([]);
  });

  it('should read answered=true and answered=false as booleans, and nothing else', () => {
    expect(read({ answered: 'true' }).values.answered).toBe(true);
    expect(read({ answered: 'false' }).values.answered).toBe(false);
    for (const answered of ['TRUE', 'yes', '1', '0', 'null']) {
      expect(read({ answered }).errors).toEqual([{ pointer: '#/answered', message: 'must be true or false' }]);
    }
    expect(read({ answered: ['true', 'false'] }).errors).toEqual([
      { pointer: '#/answered', message: 'must be given once' },
    ]);
  });

  it('should document answered as the words true and false', () => {
    expect(DEADLINE_LIST_ROUTE.query.answered.schema).toEqual({ type: 'string', enum: ['true', 'false'] });
  });

  it('should take the id of every deadline rule, of any role', () => {
    expect(DEADLINE_RULE_IDS).toEqual(DEADLINE_RULES.map((rule) => rule.rule));
    for (const rule of DEADLINE_RULE_IDS) expect(read({ rule }).values.rule).toBe(rule);
  });

  it('should name every bad parameter at once', () => {
    const { errors } = read({
      state: 'overdue',
      dueBefore: '2026-05-06T00:00:00',
      rule: 'gpke_kuendigung_antwort',
      answered: 'no',
      limit: '201',
      // A cursor of another list (the process list's).
      cursor: encodeCursor(['2026-05-05T09:00:00+00:00', 'key']),
    });
    expect(errors.map((error) => error.pointer)).toEqual([
      '#/state',
      '#/dueBefore',
      '#/rule',
      '#/answered',
      '#/limit',
      '#/cursor',
    ]);
    expect(errors[0].message).toBe('must be one of open, met, missed');
    expect(errors[2].message).toBe(`must be one of ${DEADLINE_RULE_IDS.join(', ')}`);
  });

  it('should refuse an impossible instant and a parameter given twice', () => {
    expect(read({ dueBefore: '2026-02-30T00:00:00Z' }).errors).toEqual([
      { pointer: '#/dueBefore', message: 'must be an ISO 8601 date-time with offset (2026-05-04T08:00:00Z)' },
    ]);
    expect(read({ state: ['open', 'met'] }).errors).toEqual([{ pointer: '#/state', message: 'must be given once' }]);
  });

  it('should refuse a cursor whose revision is no whole number', () => {
    const cursor = encodeCursor([
      '2026-05-05T09:00:00+00:00',
      '0190a0b0-0000-7000-8000-000000000000',
      'GPKE_KUENDIGUNG_ANTWORT',
      '3',
    ]);
    expect(read({ cursor }).errors.map((error) => error.pointer)).toEqual(['#/cursor']);
  });
});
