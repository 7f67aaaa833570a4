import { randomUUID } from 'node:crypto';
import { DEADLINE_RULES } from '@maco/domain';
import { DeadlineSweep, type DeadlineView } from '@maco/operator';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  type JsonResponse,
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
  withClient,
} from '@maco/testing';

/** The LF service as the app composes it (its groups include the operator group). */
const LF_WITH_OPERATOR = composeService(LF_SERVICE);

const LF_TOKEN = mintTestToken({ roles: ['LF'], subject: 'maco-app' });
const OPERATOR_TOKEN = mintTestToken({ roles: ['OPERATOR'], subject: 'alice' });

const KUENDIGUNG = 'GPKE_KUENDIGUNG_ANTWORT';
const BEENDIGUNG = 'GPKE_BEENDIGUNG_ZUORDNUNG_ANTWORT';
const LIEFERENDE = 'GPKE_LIEFERENDE_NB_ANTWORT';
const descriptionOf = (rule: string) => DEADLINE_RULES.find((candidate) => candidate.rule === rule)?.description;

const sampleBody = (file: string): Record<string, unknown> => {
  const found = loadSamples({ role: 'LF', operation: 'create' }).find((sample) => sample.file.endsWith(file));
  if (!found) throw new Error(`no LF sample ${file}`);
  return found.body;
};

/** A deadline row as the test inserts it: due relative to the suite's `base` instant (an SQL interval). */
interface Row {
  name: string;
  process: 'a' | 'b';
  rule: string;
  requestRevision: number;
  due: string;
  state: 'open' | 'met' | 'missed';
  role?: string;
  answered?: { pi: string; revision: number; at: string };
  /** The numbers the request is known by. */
  references?: string[];
}

// Soonest first, as GET /deadlines answers them; `r2` and `r8` are due at the same instant (their order is the record
// ids'), `r7` one microsecond later (a cursor must keep the microseconds); `r9` was missed and answered late.
const ROWS: Row[] = [
  { name: 'r4', process: 'b', rule: LIEFERENDE, requestRevision: 1, due: '-1 day', state: 'missed' },
  {
    name: 'r9',
    process: 'a',
    rule: BEENDIGUNG,
    requestRevision: 2,
    due: '-3 hours',
    state: 'missed',
    answered: { pi: '55011', revision: 4, at: '-1 hour' },
  },
  { name: 'r1', process: 'a', rule: KUENDIGUNG, requestRevision: 1, due: '-2 hours', state: 'open' },
  { name: 'r2', process: 'a', rule: KUENDIGUNG, requestRevision: 2, due: '1 hour', state: 'open' },
  { name: 'r8', process: 'b', rule: KUENDIGUNG, requestRevision: 2, due: '1 hour', state: 'open' },
  { name: 'r7', process: 'b', rule: BEENDIGUNG, requestRevision: 3, due: '1 hour 1 microsecond', state: 'open' },
  {
    name: 'r3',
    process: 'b',
    rule: BEENDIGUNG,
    requestRevision: 1,
    due: '2 hours',
    state: 'met',
    answered: { pi: '55011', revision: 2, at: '-10 minutes' },
    references: ['V-55010-1', 'D-55010-1'],
  },
  { name: 'r6', process: 'a', rule: LIEFERENDE, requestRevision: 3, due: '3 hours', state: 'open' },
  { name: 'r5', process: 'b', rule: KUENDIGUNG, requestRevision: 1, due: '1 day', state: 'open' },
];
/** Another role's deadline (on an LF record, to show the role decides, not the record): never listed, counted or swept. */
const NB_ROW: Row = {
  name: 'nb',
  process: 'a',
  rule: 'GPKE_ANMELDUNG_ANTWORT',
  requestRevision: 9,
  due: '-3 hours',
  state: 'open',
  role: 'NB',
};

describe('answer deadlines (LF)', () => {
  let database: TestDatabase;
  let service: TestService;
  /** The suite's "now": every due is relative to it. */
  let base: Date;
  const processes = {} as Record<'a' | 'b', { businessKey: string; id: string; pruefidentifikator: string }>;
  /** The rows in the order GET /deadlines answers them (r2 and r8 by their record ids). */
  let ordered: Row[];

  const get = async (path: string, token: string | null = LF_TOKEN): Promise<JsonResponse> => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  };
  const items = async (query = ''): Promise<DeadlineView[]> => {
    const answer = await get(`/deadlines${query}`);
    expect(answer.status).toBe(200);
    return answer.body['items'] as DeadlineView[];
  };
  const names = (list: DeadlineView[]): string[] =>
    list.map((item) => {
      const row = ROWS.find(
        (candidate) =>
          processes[candidate.process].businessKey === item.businessKey &&
          candidate.rule === item.rule &&
          candidate.requestRevision === item.requestRevision,
      );
      return row?.name ?? `unexpected ${item.businessKey} ${item.rule} ${item.requestRevision}`;
    });
  const namesOf = (...wanted: string[]) => ordered.map((row) => row.name).filter((name) => wanted.includes(name));
  const storedState = (name: string) =>
    withClient(database.url, async (client) => {
      const row = [...ROWS, NB_ROW].find((candidate) => candidate.name === name) as Row;
      const { rows } = await client.query<{ state: string }>(
        'SELECT state FROM process_deadline WHERE record_id = $1 AND rule = $2 AND request_revision = $3',
        [processes[row.process].id, row.rule, row.requestRevision],
      );
      return rows[0]?.state;
    });
  const metricLine = async (name: string, rule: string): Promise<string | undefined> => {
    const text = await (await fetch(`${service.baseUrl}/metrics`)).text();
    return text.split('\n').find((line) => line.startsWith(`${name}{role="LF",rule="${rule}"} `));
  };
  const insert = (rows: Row[]) =>
    withClient(database.url, async (client) => {
      for (const row of rows) {
        await client.query(
          `INSERT INTO process_deadline
             (record_id, rule, request_revision, role, transmitted_at, due, state, answered_pi, answered_revision, answered_at,
              request_references)
           VALUES ($1, $2, $3, $4, $5::timestamptz - interval '1 day', $5::timestamptz + $6::interval, $7, $8, $9,
             $5::timestamptz + $10::interval, $11)`,
          [
            processes[row.process].id,
            row.rule,
            row.requestRevision,
            row.role ?? 'LF',
            base,
            row.due,
            row.state,
            row.answered?.pi ?? null,
            row.answered?.revision ?? null,
            row.answered?.at ?? null,
            row.references ?? null,
          ],
        );
      }
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(LF_WITH_OPERATOR, database.url, { DEFAULT_RELEASE: '04/26', LOG_LEVEL: 'error' });
    // PIs that start no LF deadline: the rows below are the only ones.
    for (const [process, file] of [
      ['a', 'lf-create-55001.json'],
      ['b', 'lf-create-55126-tf1.json'],
    ] as const) {
      const businessKey = randomUUID();
      const answer = await postJson(
        `${service.baseUrl}/createProcessData`,
        withBusinessKey(sampleBody(file), businessKey),
        { token: LF_TOKEN },
      );
      expect(answer.status).toBe(200);
      const record = await withClient(database.url, (client) =>
        client.query<{ id: string; pruefidentifikator: string }>(
          `SELECT id, pruefidentifikator FROM process_record WHERE role = 'LF' AND business_key = $1`,
          [businessKey],
        ),
      );
      processes[process] = { businessKey, ...record.rows[0] };
    }
    // The start-up sweep is done: what is open below stays open until a test sweeps.
    await service.app.get(DeadlineSweep).idle();
    base = new Date();
    await withClient(database.url, (client) => client.query('DELETE FROM process_deadline'));
    await insert([...ROWS, NB_ROW]);
    // r2 (process a) and r8 (process b) are due at the same instant: the smaller record id first (uuid order is the
    // order of its lower-case hex text).
    ordered = [...ROWS];
    if (processes.b.id < processes.a.id) ordered.splice(3, 2, ROWS[4], ROWS[3]);
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should list the role’s deadlines soonest first, with the process, the rule and its answer', async () => {
    const list = await items();
    expect(names(list)).toEqual(ordered.map((row) => row.name));
    expect(list.find((item) => item.rule === BEENDIGUNG && item.requestRevision === 1)).toEqual({
      businessKey: processes.b.businessKey,
      rule: BEENDIGUNG,
      description: descriptionOf(BEENDIGUNG),
      due: new Date(base.getTime() + 2 * 3_600_000).toISOString(),
      state: 'met',
      pruefidentifikator: processes.b.pruefidentifikator,
      requestRevision: 1,
      requestReferences: ['V-55010-1', 'D-55010-1'],
      answeredBy: { pruefidentifikator: '55011', revision: 2, at: new Date(base.getTime() - 600_000).toISOString() },
    });
    const open = list.find((item) => item.rule === LIEFERENDE && item.requestRevision === 3);
    expect(open).toEqual({
      businessKey: processes.a.businessKey,
      rule: LIEFERENDE,
      description: descriptionOf(LIEFERENDE),
      due: new Date(base.getTime() + 3 * 3_600_000).toISOString(),
      state: 'open',
      pruefidentifikator: '55001',
      requestRevision: 3,
    });
    expect(list.every((item) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(item.due))).toBe(true);
  });

  it('should name the answering process when another process of the chain answered, not the process itself', async () => {
    const answeredBy = async (recordId: string | null) => {
      await withClient(database.url, (client) =>
        client.query(
          `UPDATE process_deadline SET answered_record_id = $1 WHERE record_id = $2 AND rule = $3 AND request_revision = 1`,
          [recordId, processes.b.id, BEENDIGUNG],
        ),
      );
      return (await items('?answered=true')).find(
        (item) =>
          item.businessKey === processes.b.businessKey && item.rule === BEENDIGUNG && item.requestRevision === 1,
      )?.answeredBy;
    };
    try {
      expect(await answeredBy(processes.a.id)).toEqual(
        expect.objectContaining({ businessKey: processes.a.businessKey }),
      );
      expect((await answeredBy(processes.b.id))?.businessKey).toBeUndefined();
    } finally {
      await answeredBy(null);
    }
  });

  it('should read an open deadline past its due as missed before the sweep marks it', async () => {
    const overdue = (await items()).find((item) => item.rule === KUENDIGUNG && item.requestRevision === 1);
    expect(overdue?.state).toBe('missed');
    expect(await storedState('r1')).toBe('open');
  });

  it('should filter by the state as read, the due and the rule', async () => {
    expect(names(await items('?state=open'))).toEqual(namesOf('r2', 'r8', 'r7', 'r6', 'r5'));
    expect(names(await items('?state=met'))).toEqual(['r3']);
    expect(names(await items('?state=missed'))).toEqual(['r4', 'r9', 'r1']);
    const dueBefore = new Date(base.getTime() + 90 * 60_000).toISOString();
    expect(names(await items(`?dueBefore=${dueBefore}`))).toEqual(namesOf('r4', 'r9', 'r1', 'r2', 'r8', 'r7'));
    expect(names(await items(`?rule=${KUENDIGUNG}`))).toEqual(namesOf('r1', 'r2', 'r8', 'r5'));
    const twoHours = new Date(base.getTime() + 2 * 3_600_000).toISOString();
    expect(names(await items(`?state=open&rule=${KUENDIGUNG}&dueBefore=${encodeURIComponent(twoHours)}`))).toEqual(
      namesOf('r2', 'r8'),
    );
    // A rule of another role is a valid filter; this role has no such deadline.
    expect(await items('?rule=GPKE_ANMELDUNG_ANTWORT')).toEqual([]);
  });

  it('should filter by whether an answer is booked, alone and with the state', async () => {
    expect(names(await items('?answered=true'))).toEqual(['r9', 'r3']);
    expect(names(await items('?answered=false'))).toEqual(namesOf('r4', 'r1', 'r2', 'r8', 'r7', 'r6', 'r5'));
    // The overdue ones: missed (stored so, or open past its due: r1) and not answered since; r9 was answered late.
    expect(names(await items('?state=missed&answered=false'))).toEqual(['r4', 'r1']);
    expect(names(await items('?state=missed&answered=true'))).toEqual(['r9']);
    expect(names(await items('?state=met&answered=false'))).toEqual([]);
    expect((await items('?answered=true')).every((item) => item.answeredBy !== undefined)).toBe(true);
    expect((await items('?answered=false')).every((item) => item.answeredBy === undefined)).toBe(true);
  });

  /** Every page of `query`, `limit` at a time, following the cursor (at most 20 pages). */
  const allPages = async (query: string, limit: number): Promise<{ seen: DeadlineView[]; pages: number }> => {
    const seen: DeadlineView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: JsonResponse = await get(`/deadlines?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      const page = answer.body['items'] as DeadlineView[];
      expect(page.length).toBeLessThanOrEqual(limit);
      seen.push(...page);
      cursor = answer.body['nextCursor'] as string | null;
      pages++;
    } while (cursor && pages < 20);
    return { seen, pages };
  };

  it.each([1, 3])('should page %i at a time with the cursor, without duplicates or gaps', async (limit) => {
    const { seen, pages } = await allPages('', limit);
    expect(names(seen)).toEqual(ordered.map((row) => row.name));
    expect(pages).toBe(Math.ceil(ROWS.length / limit));
  });

  it.each([1, 2])('should page the unanswered deadlines %i at a time, the filter kept on every page', async (limit) => {
    const unanswered = ordered.filter((row) => row.answered === undefined).map((row) => row.name);
    const { seen, pages } = await allPages('answered=false', limit);
    expect(names(seen)).toEqual(unanswered);
    expect(pages).toBe(Math.ceil(unanswered.length / limit));
  });

  it('should page the overdue ones past one answered late between them', async () => {
    // The cursor after r4 skips r9 (missed, answered late) and finds r1 (open past its due, read as missed).
    const { seen, pages } = await allPages('state=missed&answered=false', 1);
    expect([names(seen), pages]).toEqual([['r4', 'r1'], 2]);
  });

  it.each([
    ['state=overdue', '#/state'],
    ['rule=NO_SUCH_RULE', '#/rule'],
    ['answered=yes', '#/answered'],
    ['dueBefore=2026-05-04T10:00:00', '#/dueBefore'],
    ['dueBefore=2026-02-30T00:00:00Z', '#/dueBefore'],
    ['limit=0', '#/limit'],
    ['cursor=not-a-cursor', '#/cursor'],
    [`cursor=${Buffer.from(JSON.stringify(['2026-05-04T10:00:00+00:00', 'key'])).toString('base64url')}`, '#/cursor'],
  ])('should refuse %s with 400 OPERATOR.INVALID_PARAMETER at %s', async (query, pointer) => {
    const answer = await get(`/deadlines?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'OPERATOR.INVALID_PARAMETER' });
    expect(answer.body.errors?.map((error) => error.pointer)).toEqual([pointer]);
  });

  it('should let an OPERATOR token read, and keep other market roles and anonymous callers out', async () => {
    const operator = await get('/deadlines', OPERATOR_TOKEN);
    expect(operator.status).toBe(200);
    expect(names(operator.body['items'] as DeadlineView[])).toEqual(ordered.map((row) => row.name));
    const nb = await get('/deadlines', mintTestToken({ roles: ['NB'] }));
    expect([nb.status, nb.body['code']]).toEqual([403, 'AUTH.ROLE_NOT_PERMITTED']);
    expect((await get('/deadlines', null)).status).toBe(401);
  });

  it('should report the open deadlines not yet due per rule of the role, computed on scrape', async () => {
    expect(await metricLine('maco_deadlines_open', KUENDIGUNG)).toBe(
      `maco_deadlines_open{role="LF",rule="${KUENDIGUNG}"} 3`,
    );
    expect(await metricLine('maco_deadlines_open', BEENDIGUNG)).toBe(
      `maco_deadlines_open{role="LF",rule="${BEENDIGUNG}"} 1`,
    );
    expect(await metricLine('maco_deadlines_open', LIEFERENDE)).toBe(
      `maco_deadlines_open{role="LF",rule="${LIEFERENDE}"} 1`,
    );
    const text = await (await fetch(`${service.baseUrl}/metrics`)).text();
    expect(text).not.toContain('GPKE_ANMELDUNG_ANTWORT');
  });

  it('should mark the overdue open deadlines missed in a sweep and count each once', async () => {
    expect(await metricLine('maco_deadlines_missed_total', KUENDIGUNG)).toBe(
      `maco_deadlines_missed_total{role="LF",rule="${KUENDIGUNG}"} 0`,
    );
    const sweep = service.app.get(DeadlineSweep);
    expect(await sweep.sweep()).toBe(1);
    expect(await storedState('r1')).toBe('missed');
    // Another role's deadline is its service's to sweep; one marked missed before is not counted again.
    expect(await storedState('nb')).toBe('open');
    expect(await sweep.sweep()).toBe(0);
    expect(await metricLine('maco_deadlines_missed_total', KUENDIGUNG)).toBe(
      `maco_deadlines_missed_total{role="LF",rule="${KUENDIGUNG}"} 1`,
    );
    expect(await metricLine('maco_deadlines_missed_total', LIEFERENDE)).toBe(
      `maco_deadlines_missed_total{role="LF",rule="${LIEFERENDE}"} 0`,
    );
    expect(names(await items('?state=missed'))).toEqual(['r4', 'r9', 'r1']);
    expect(await metricLine('maco_deadlines_open', KUENDIGUNG)).toBe(
      `maco_deadlines_open{role="LF",rule="${KUENDIGUNG}"} 3`,
    );
  });

  it('should count a row once when two instances sweep it at the same time', async () => {
    const second = await startTestService(LF_WITH_OPERATOR, database.url, { LOG_LEVEL: 'error' });
    try {
      await second.app.get(DeadlineSweep).idle();
      const overdue = Array.from({ length: 50 }, (_, index): Row => ({
        name: `late${index}`,
        process: index % 2 === 0 ? 'a' : 'b',
        rule: LIEFERENDE,
        requestRevision: 100 + index,
        due: '-5 minutes',
        state: 'open',
      }));
      await insert(overdue);
      const [first, other] = await Promise.all([
        service.app.get(DeadlineSweep).sweep(),
        second.app.get(DeadlineSweep).sweep(),
      ]);
      expect(first + other).toBe(overdue.length);
      const counted = async (instance: TestService) => {
        const text = await (await fetch(`${instance.baseUrl}/metrics`)).text();
        const line = text
          .split('\n')
          .find((l) => l.startsWith(`maco_deadlines_missed_total{role="LF",rule="${LIEFERENDE}"} `));
        return Number(line?.split(' ').pop());
      };
      expect((await counted(service)) + (await counted(second))).toBe(overdue.length);
    } finally {
      await second.close();
    }
  });
});
