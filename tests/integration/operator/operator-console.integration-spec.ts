import { randomUUID } from 'node:crypto';
import type { ProcessSummary } from '@maco/operator';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  type JsonResponse,
  loadSamples,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
} from '@maco/testing';

/** The LF service as the app composes it (its groups include the operator group). */
const LF_WITH_OPERATOR = composeService(LF_SERVICE);

const LF_TOKEN = mintTestToken({ roles: ['LF'], subject: 'maco-app' });
const OPERATOR_TOKEN = mintTestToken({ roles: ['OPERATOR'], subject: 'alice' });

const sampleBody = (operation: string, file: string): Record<string, unknown> => {
  const found = loadSamples({ role: 'LF', operation }).find((sample) => sample.file.endsWith(file));
  if (!found) throw new Error(`no LF sample ${file}`);
  return found.body;
};

describe('operator console reads (LF)', () => {
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  let service: TestService;
  /** Business keys in booking order: p55010, p55126, p55001 (an unlisted PI: a finding), updated (two revisions), trigger. */
  const booked: string[] = [];
  let triggerProzessId: string;

  const get = async (path: string, token: string | null = LF_TOKEN): Promise<JsonResponse> => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  };
  const items = async (path: string): Promise<ProcessSummary[]> => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    return answer.body['items'] as ProcessSummary[];
  };
  const create = async (file: string): Promise<string> => {
    const businessKey = randomUUID();
    const answer = await postJson(
      `${service.baseUrl}/createProcessData`,
      withBusinessKey(sampleBody('create', file), businessKey),
      { token: LF_TOKEN },
    );
    expect(answer.status).toBe(200);
    booked.push(businessKey);
    return businessKey;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // The middleware answers 503 to every trigger: deliveries stay pending (retried far in the future).
    middleware = await startScriptedMiddleware();
    middleware.failNext(Infinity, 'unavailable');
    service = await startTestService(LF_WITH_OPERATOR, database.url, {
      ...middleware.env,
      DEFAULT_RELEASE: '04/26',
      TRIGGER_RETRY_BASE_MS: '600000',
      TRIGGER_RETRY_MAX_MS: '600000',
      LOG_LEVEL: 'error',
    });
    await create('lf-create-55010-tf1.json');
    await create('lf-create-55126-tf1.json');
    await create('lf-create-55001.json');
    const updated = await create('lf-create-55010-tf2.json');
    const update = withBusinessKey(sampleBody('update', 'lf-update-55003-tf1.json'), updated);
    expect((await postJson(`${service.baseUrl}/updateProcessData`, update, { token: LF_TOKEN })).status).toBe(200);
    triggerProzessId = randomUUID();
    const trigger = await postJson(
      `${service.baseUrl}/triggers/START_MALOIDENT`,
      {
        stammdaten: {},
        transaktionsdaten: {
          absender: { rollencodenummer: '9900000000003' },
          empfaenger: { rollencodenummer: '9900000000010', marktrolle: 'NB' },
          ausfuehrungsdatum: '2026-12-01T23:00:00Z',
        },
        zusatzdaten: { prozessId: triggerProzessId },
      },
      { token: LF_TOKEN },
    );
    expect(trigger.status).toBe(202);
    booked.push(triggerProzessId);
  });

  afterAll(async () => {
    await service?.close();
    await middleware?.close();
    await database?.drop();
  });

  it('should list the processes newest first with their latest revision', async () => {
    const list = await items('/processes');
    expect(list.map((item) => item.businessKey)).toEqual([...booked].reverse());
    const updated = list.find((item) => item.businessKey === booked[3]);
    expect(updated).toMatchObject({ revisionCount: 2, release: '04/26', pruefidentifikator: '55010' });
    expect(list.find((item) => item.businessKey === triggerProzessId)).toMatchObject({
      status: 'pending',
      revisionCount: 1,
    });
    expect(list.find((item) => item.businessKey === booked[2])).toMatchObject({
      findingCodes: expect.arrayContaining(['unlisted-pi']),
    });
  });

  it('should filter by key, MaLo-ID, PI, release, status, findings and creation time', async () => {
    const keys = async (query: string) => (await items(`/processes?${query}`)).map((item) => item.businessKey);
    expect(await keys(`key=${booked[1]}`)).toEqual([booked[1]]);
    expect(await keys(`key=${triggerProzessId}`)).toEqual([triggerProzessId]);
    expect(await keys('key=unknown-key')).toEqual([]);
    // Both 55010 samples name this MaLo; the updated process keeps it in its state.
    expect(await keys('maloId=50754153861')).toEqual([booked[3], booked[0]]);
    expect(await keys('maloId=50074561188')).toEqual([booked[1]]);
    expect(await keys('pruefidentifikator=55126')).toEqual([booked[1]]);
    // The trigger is booked in the release its own date falls in, not DEFAULT_RELEASE.
    expect(await keys('release=FV2604')).toEqual(booked.slice(0, 4).reverse());
    expect(await keys('release=10/25')).toEqual([]);
    expect(await keys('status=pending')).toEqual([triggerProzessId]);
    expect(await keys('findings=unlisted-pi')).toEqual([booked[2]]);
    const withFindings = await items('/processes?findings=any');
    expect(withFindings.map((item) => item.businessKey)).toContain(booked[2]);
    expect(withFindings.every((item) => item.findingCount > 0)).toBe(true);

    const all = await items('/processes');
    const createdAt = (key: string) => all.find((item) => item.businessKey === key)?.createdAt ?? '';
    expect(await keys(`from=${createdAt(booked[1])}&to=${createdAt(booked[3])}`)).toEqual([booked[2], booked[1]]);
  });

  it('should page with the cursor without duplicates or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: JsonResponse = await get(`/processes?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      const page = answer.body['items'] as ProcessSummary[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((item) => item.businessKey));
      cursor = answer.body['nextCursor'] as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...booked].reverse());
    expect(pages).toBe(3);
  });

  // Date.parse rolls 2026-02-30 over into March, PostgreSQL refuses it: a forged cursor carrying it was a 500.
  it.each([
    ['/processes', ['2026-02-30T00:00:00+00:00', 'key']],
    ['/triggers', ['2026-02-30T00:00:00+00:00', '0190a0b0-0000-7000-8000-000000000000']],
    ['/findings', ['2026-02-30T00:00:00+00:00', '0190a0b0-0000-7000-8000-000000000000', 1, 0]],
    ['/refused', ['2026-02-30T00:00:00+00:00', '0190a0b0-0000-7000-8000-000000000000']],
    ['/processes', ['2026-05-04T10:00:00+00:00', 'a\u0000b']],
  ])('should answer a forged cursor on %s with 400 at #/cursor', async (path, values) => {
    const forged = Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
    const answer = await get(`${path}?cursor=${forged}`, path === '/refused' ? LF_TOKEN : OPERATOR_TOKEN);
    expect(answer.status).toBe(400);
    // The operator group points at the parameter, the quarantine's routes at the query's member.
    expect(answer.body.errors?.[0]?.pointer).toMatch(/^#\/(query\/)?cursor$/);
  });

  it.each(['from=2026-02-30T00:00:00Z', 'to=2026-04-31T10:00:00Z'])(
    'should refuse the impossible date %s on /processes with 400',
    async (query) => {
      const answer = await get(`/processes?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.pointer).toBe(`#/${query.split('=')[0]}`);
    },
  );

  it.each([
    ['limit=0', '#/limit'],
    ['limit=201', '#/limit'],
    ['limit=abc', '#/limit'],
    ['cursor=not-a-cursor', '#/cursor'],
    [`cursor=${Buffer.from('["x"]').toString('base64url')}`, '#/cursor'],
    ['from=yesterday', '#/from'],
    ['from=2026-05-04T10:00:00', '#/from'],
    ['pruefidentifikator=5501', '#/pruefidentifikator'],
    ['release=99/99', '#/release'],
    ['status=done', '#/status'],
    ['limit=1&limit=2', '#/limit'],
  ])('should refuse %s with 400 OPERATOR.INVALID_PARAMETER at %s', async (query, pointer) => {
    const answer = await get(`/processes?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'OPERATOR.INVALID_PARAMETER' });
    expect(answer.body.errors?.map((error) => error.pointer)).toEqual([pointer]);
  });

  it('should let an OPERATOR token read but not write', async () => {
    expect((await get('/processes', OPERATOR_TOKEN)).status).toBe(200);
    expect((await get(`/processes/${booked[0]}`, OPERATOR_TOKEN)).status).toBe(200);
    expect((await get('/triggers', OPERATOR_TOKEN)).status).toBe(200);
    expect((await get('/findings/summary', OPERATOR_TOKEN)).status).toBe(200);
    expect(
      (await get('/getMarketlocationBasic?parameter1=50754153861&parameter3=2026-05-04T00:00:00Z', OPERATOR_TOKEN))
        .status,
    ).toBe(200);

    const create = await postJson(
      `${service.baseUrl}/createProcessData`,
      withBusinessKey(sampleBody('create', 'lf-create-55010-tf1.json')),
      { token: OPERATOR_TOKEN },
    );
    expect([create.status, create.body['code']]).toEqual([403, 'AUTH.ROLE_NOT_PERMITTED']);
    const trigger = await postJson(`${service.baseUrl}/triggers/START_MALOIDENT`, {}, { token: OPERATOR_TOKEN });
    expect([trigger.status, trigger.body['code']]).toEqual([403, 'AUTH.ROLE_NOT_PERMITTED']);
  });

  it('should keep other market roles out of the reads', async () => {
    const answer = await get('/processes', mintTestToken({ roles: ['NB'] }));
    expect([answer.status, answer.body['code']]).toEqual([403, 'AUTH.ROLE_NOT_PERMITTED']);
  });

  it('should describe the session of either kind of token, and refuse none', async () => {
    expect((await get('/operator/session')).body).toEqual({
      role: 'LF',
      subject: 'maco-app',
      canWrite: true,
      operator: false,
    });
    expect((await get('/operator/session', OPERATOR_TOKEN)).body).toEqual({
      role: 'LF',
      subject: 'alice',
      canWrite: false,
      operator: true,
    });
    const both = mintTestToken({ roles: ['LF', 'OPERATOR'], subject: 'bob' });
    expect((await get('/operator/session', both)).body).toEqual({
      role: 'LF',
      subject: 'bob',
      canWrite: true,
      operator: true,
    });
    expect((await get('/operator/session', null)).status).toBe(401);
  });

  it('should list the pending trigger delivery', async () => {
    const pending = await get('/triggers');
    expect(pending.status).toBe(200);
    expect(pending.body['items']).toEqual([
      expect.objectContaining({
        prozessId: triggerProzessId,
        businessKey: null,
        eventname: 'START_MALOIDENT',
        status: 'pending',
        deliveredAt: null,
        failedAt: null,
      }),
    ]);
    expect(pending.body['nextCursor']).toBeNull();
    expect((await get('/triggers?status=sent')).body['items']).toEqual([]);
    expect(((await get('/triggers?status=all')).body['items'] as unknown[]).length).toBe(1);
    expect((await get('/triggers?status=open')).status).toBe(400);
  });

  it('should answer the trigger event catalogue of a release with dotted required paths', async () => {
    const answer = await get('/triggers/events?release=04/26');
    expect(answer.status).toBe(200);
    expect(answer.body['release']).toBe('04/26');
    const events = answer.body['events'] as { eventname: string; pruefidentifikatoren: string[]; required: string[] }[];
    const maloIdent = events.find((event) => event.eventname === 'START_MALOIDENT');
    expect(maloIdent?.required).toEqual([
      'transaktionsdaten.absender',
      'transaktionsdaten.ausfuehrungsdatum',
      'transaktionsdaten.empfaenger',
    ]);
    expect(events.every((event) => event.required.every((path) => !path.startsWith('/')))).toBe(true);
    expect((await get('/triggers/events')).status).toBe(200);
    expect((await get('/triggers/events?release=x')).body.errors).toEqual([
      { pointer: '#/release', message: expect.any(String) },
    ]);
  });

  it('should count findings per day, PI, release and code, and list the findings behind a count', async () => {
    const summary = await get('/findings/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ bucket: 'day' });
    const rows = summary.body['rows'] as {
      bucketStart: string;
      pruefidentifikator: string;
      release: string;
      code: string;
      count: number;
    }[];
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(rows).toContainEqual({
      bucketStart: today,
      pruefidentifikator: '55001',
      release: '04/26',
      code: 'unlisted-pi',
      count: 1,
    });
    const hourly = await get('/findings/summary?bucket=hour&from=' + new Date(Date.now() - 3_600_000).toISOString());
    expect((hourly.body['rows'] as unknown[]).length).toBeGreaterThan(0);

    const list = await get('/findings?code=unlisted-pi');
    expect(list.body['items']).toEqual([
      expect.objectContaining({
        businessKey: booked[2],
        revision: 1,
        pruefidentifikator: '55001',
        release: '04/26',
        code: 'unlisted-pi',
        pointer: '#/transaktionsdaten/pruefidentifikator',
      }),
    ]);

    // Page through every finding one at a time: the same findings as one page, in the same order.
    const whole = (await get('/findings?limit=200')).body['items'] as unknown[];
    const paged: unknown[] = [];
    let cursor: string | null = null;
    do {
      const answer: JsonResponse = await get(`/findings?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...(answer.body['items'] as unknown[]));
      cursor = answer.body['nextCursor'] as string | null;
    } while (cursor && paged.length < 500);
    expect(paged).toEqual(whole);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(whole.length);

    expect((await get('/findings/summary?bucket=hour&from=2020-01-01T00:00:00Z')).body.errors?.[0]?.pointer).toBe(
      '#/from',
    );
    expect(
      (await get('/findings/summary?from=2026-05-04T00:00:00Z&to=2026-05-03T00:00:00Z')).body.errors?.[0]?.pointer,
    ).toBe('#/to');
  });

  it('should count the revisions booked per hour or day and PI', async () => {
    const hourly = await get('/bookings/summary', OPERATOR_TOKEN);
    expect(hourly.status).toBe(200);
    expect(hourly.body).toMatchObject({ bucket: 'hour' });
    expect(Date.parse(hourly.body['to'] as string) - Date.parse(hourly.body['from'] as string)).toBe(86_400_000);
    const rows = hourly.body['rows'] as { bucketStart: string; pruefidentifikator: string | null; count: number }[];
    // Five creates and one update (55003 on the 55010 process), the trigger's revision: every revision counts once.
    const perPi = new Map<string | null, number>();
    for (const row of rows) perPi.set(row.pruefidentifikator, (perPi.get(row.pruefidentifikator) ?? 0) + row.count);
    expect(perPi.get('55010')).toBe(2);
    expect(perPi.get('55126')).toBe(1);
    expect(perPi.get('55001')).toBe(1);
    expect(perPi.get('55003')).toBe(1);
    expect(rows.every((row) => row.bucketStart.endsWith(':00:00.000Z'))).toBe(true);

    const daily = await get('/bookings/summary?bucket=day');
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(daily.body['rows']).toContainEqual({ bucketStart: today, pruefidentifikator: '55126', count: 1 });
    const total = (answer: JsonResponse) =>
      (answer.body['rows'] as { count: number }[]).reduce((sum, row) => sum + row.count, 0);
    expect(total(daily)).toBe(total(hourly));
    expect((await get('/bookings/summary?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z')).body['rows']).toEqual([]);

    expect((await get('/bookings/summary?bucket=hour&from=2020-01-01T00:00:00Z')).body.errors?.[0]?.pointer).toBe(
      '#/from',
    );
    expect((await get('/bookings/summary?bucket=week')).body.errors?.[0]?.pointer).toBe('#/bucket');
    expect(
      (await get('/bookings/summary?from=2026-05-04T00:00:00Z&to=2026-05-03T00:00:00Z')).body.errors?.[0]?.pointer,
    ).toBe('#/to');
    expect((await get('/bookings/summary', null)).status).toBe(401);
  });
});
