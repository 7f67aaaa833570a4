import {
  createTestDatabase,
  expectNoOrphanRows,
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
import { serviceModule } from '../service-module';
import {
  hasMarktlokationField,
  randomInt,
  RELIABILITY_SEED,
  runPool,
  seededRandom,
  seededUuid,
  withDokumentennummer,
  withMarktlokationField,
} from './load';

type Item = Record<string, unknown>;

/** Answers by status, e.g. `{ 200: 199, 409: 1 }`. */
const statusCounts = (responses: JsonResponse[]) =>
  responses.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

/**
 * Many writers at once: updates of one record and of many records serialise on the record's lock and none loses
 * another's change; copies of one create book once, different creates under one key book one and refuse the rest.
 */
describe('LF service under concurrent writers', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const random = seededRandom(RELIABILITY_SEED + 1);
  let database: TestDatabase;
  let service: TestService;
  const figures: Record<string, unknown> = { seed: RELIABILITY_SEED + 1 };
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const create = (body: unknown) => postJson(`${service.baseUrl}/createProcessData`, body, { token });
  const update = (body: unknown) => postJson(`${service.baseUrl}/updateProcessData`, body, { token });

  const createSamples = loadSamples({ role: 'LF', operation: 'create' });
  const updateSamples = loadSamples({ role: 'LF', operation: 'update' });
  const createBody = (businessKey: string) =>
    withBusinessKey(createSamples[randomInt(random, createSamples.length)].body, businessKey);
  /** An update of a real LF sample with a field of its own in MARKTLOKATION, and every other one a ZAEHLER of its own. */
  const updateBody = (businessKey: string, name: string, value: number) => {
    const body = withMarktlokationField(
      withDokumentennummer(
        withBusinessKey(updateSamples[randomInt(random, updateSamples.length)].body, businessKey),
        name,
      ),
      name,
      value,
    );
    if (value % 2 === 0) {
      const stammdaten = body['stammdaten'] as Item;
      stammdaten['ZAEHLER'] = [
        ...((stammdaten['ZAEHLER'] as Item[] | undefined) ?? []),
        { boTyp: 'ZAEHLER', versionStruktur: '1', zaehlernummer: `Z-${name}` },
      ];
    }
    return body;
  };
  const book = async (businessKey: string) => expect((await create(createBody(businessKey))).status).toBe(200);

  /** Per record: its revision column, and the revisions stored, in order. */
  const revisionsOf = async (keys: string[]) =>
    new Map(
      (
        await sql<{ business_key: string; revision: number; revisions: number[]; operations: string[]; current: Item }>(
          `SELECT s.business_key, s.revision, s.current,
                  array_agg(v.revision ORDER BY v.revision) AS revisions, array_agg(v.operation ORDER BY v.revision) AS operations
             FROM process_state s JOIN process_revision v ON v.record_id = s.id
            WHERE s.business_key = ANY($1) GROUP BY s.business_key, s.revision, s.current`,
          [keys],
        )
      ).map((row) => [row.business_key, row]),
    );
  const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const zaehlerOf = (state: Item) =>
    new Set(((state['stammdaten'] as Item)['ZAEHLER'] as Item[] | undefined)?.map((z) => z['zaehlernummer']));

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(serviceModule('LF'), database.url, { DEFAULT_RELEASE: '04/26' });
  });

  afterAll(async () => {
    console.log(`concurrency: ${JSON.stringify(figures)}`);
    await service?.close();
    await database?.drop();
  });

  it('should keep every change of 200 updates of one record, 32 in flight, as revisions 2..201', async () => {
    const started = Date.now();
    const businessKey = seededUuid(random);
    await book(businessKey);
    const bodies = Array.from({ length: 200 }, (_, i) => updateBody(businessKey, `parallel${i}`, i));
    const responses: JsonResponse[] = [];

    await runPool(
      bodies.map((body, i) => async () => void (responses[i] = await update(body))),
      32,
    );

    expect(statusCounts(responses)).toEqual({ 200: 200 });
    expect(responses.filter((r) => r.body['replayed'] !== false)).toEqual([]);
    expect(responses.map((r) => r.body['revision']).sort((a, b) => Number(a) - Number(b))).toEqual(oneTo(201).slice(1));
    const record = (await revisionsOf([businessKey])).get(businessKey);
    expect(record?.revision).toBe(201);
    expect(record?.revisions).toEqual(oneTo(201));
    expect(record?.operations).toEqual(['create', ...Array(200).fill('update')]);
    const missing = bodies.map((_, i) => i).filter((i) => !hasMarktlokationField(record?.current, `parallel${i}`, i));
    expect(missing).toEqual([]);
    const zaehler = zaehlerOf(record?.current ?? {});
    expect(bodies.map((_, i) => i).filter((i) => i % 2 === 0 && !zaehler.has(`Z-parallel${i}`))).toEqual([]);
    // Each answer names the revision that holds its body.
    const stored = await sql<{ revision: number; dokumentennummer: string }>(
      `SELECT v.revision, v.body->'transaktionsdaten'->>'dokumentennummer' AS dokumentennummer
         FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1 AND v.operation = 'update'`,
      [businessKey],
    );
    expect(new Map(stored.map((row) => [row.dokumentennummer, row.revision]))).toEqual(
      new Map(responses.map((r, i) => [`parallel${i}`, r.body['revision']])),
    );
    figures['oneRecord'] = {
      updates: 200,
      inFlight: 32,
      statuses: statusCounts(responses),
      revisions: record?.revision,
      lostChanges: missing.length,
      durationMs: Date.now() - started,
    };
  });

  it('should keep every change of 50 records x 10 updates, all 500 in parallel, with gapless revisions', async () => {
    const started = Date.now();
    const keys = Array.from({ length: 50 }, () => seededUuid(random));
    await runPool(
      keys.map((key) => () => book(key)),
      16,
    );
    const work = keys.flatMap((businessKey) =>
      Array.from({ length: 10 }, (_, i) => ({ businessKey, name: `spread${i}`, value: i })),
    );
    // Seeded shuffle, so the updates of one record interleave with the others'.
    for (let i = work.length - 1; i > 0; i--) {
      const j = randomInt(random, i + 1);
      [work[i], work[j]] = [work[j], work[i]];
    }

    const responses = await Promise.all(
      work.map(({ businessKey, name, value }) => update(updateBody(businessKey, name, value))),
    );

    expect(statusCounts(responses)).toEqual({ 200: 500 });
    const records = await revisionsOf(keys);
    expect(records.size).toBe(50);
    let lostChanges = 0;
    for (const businessKey of keys) {
      const record = records.get(businessKey);
      expect({ businessKey, revision: record?.revision, revisions: record?.revisions }).toEqual({
        businessKey,
        revision: 11,
        revisions: oneTo(11),
      });
      const answered = responses
        .filter((r) => r.body['businessKey'] === businessKey)
        .map((r) => Number(r.body['revision']));
      expect(answered.sort((a, b) => a - b)).toEqual(oneTo(11).slice(1));
      for (let i = 0; i < 10; i++) if (!hasMarktlokationField(record?.current, `spread${i}`, i)) lostChanges++;
      const zaehler = zaehlerOf(record?.current ?? {});
      for (let i = 0; i < 10; i += 2) if (!zaehler.has(`Z-spread${i}`)) lostChanges++;
    }
    expect(lostChanges).toBe(0);
    figures['manyRecords'] = {
      records: 50,
      updatesEach: 10,
      statuses: statusCounts(responses),
      lostChanges,
      durationMs: Date.now() - started,
    };
  });

  it('should book one of 8 identical creates sent at once per key and answer the others as replays', async () => {
    const started = Date.now();
    const keys = Array.from({ length: 25 }, () => seededUuid(random));
    const bodies = keys.map(createBody);

    const responses = await Promise.all(bodies.flatMap((body) => Array.from({ length: 8 }, () => create(body))));

    expect(statusCounts(responses)).toEqual({ 200: 200 });
    for (const businessKey of keys) {
      const answers = responses.filter((r) => r.body['businessKey'] === businessKey);
      expect(answers.map((r) => r.body['replayed']).sort()).toEqual([false, ...Array(7).fill(true)]);
    }
    const [counted] = await sql<{ records: number; revisions: number }>(
      `SELECT count(DISTINCT r.id)::int AS records, count(v.*)::int AS revisions
         FROM process_record r JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = ANY($1)`,
      [keys],
    );
    expect(counted).toEqual({ records: 25, revisions: 25 });
    const stored = await sql<{ business_key: string; body: unknown }>(
      `SELECT r.business_key, v.body FROM process_record r JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = ANY($1)`,
      [keys],
    );
    for (const { business_key, body } of stored) expect(body).toEqual(bodies[keys.indexOf(business_key)]);
    figures['sameCreate'] = {
      keys: 25,
      copiesEach: 8,
      statuses: statusCounts(responses),
      ...counted,
      durationMs: Date.now() - started,
    };
  });

  it('should book one of 8 different creates sent at once per key and refuse the others with 409', async () => {
    const started = Date.now();
    const keys = Array.from({ length: 25 }, () => seededUuid(random));
    const variants = keys.map((businessKey) =>
      Array.from({ length: 8 }, (_, i) =>
        withDokumentennummer(createBody(businessKey), `${businessKey.slice(0, 8)}-V${i}`),
      ),
    );

    const responses = await Promise.all(variants.map((bodies) => Promise.all(bodies.map(create))));

    expect(statusCounts(responses.flat())).toEqual({ 200: 25, 409: 175 });
    const winners = new Map<string, unknown>();
    keys.forEach((businessKey, k) => {
      const statuses = responses[k].map((r) => r.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(responses[k].find((r) => r.status === 200)?.body['replayed']).toBe(false);
      for (const refused of responses[k].filter((r) => r.status === 409))
        expect(refused.body['code']).toBe('PROCESS_DATA.BUSINESS_KEY_CONFLICT');
      winners.set(businessKey, variants[k][statuses.indexOf(200)]);
    });
    const stored = await sql<{ business_key: string; revisions: number; body: unknown }>(
      `SELECT r.business_key, count(*) OVER (PARTITION BY r.id)::int AS revisions, v.body
         FROM process_record r JOIN process_revision v ON v.record_id = r.id WHERE r.business_key = ANY($1)`,
      [keys],
    );
    expect(stored).toHaveLength(25);
    for (const { business_key, revisions, body } of stored) {
      expect(revisions).toBe(1);
      // The body that got the 200 is the one booked.
      expect(body).toEqual(winners.get(business_key));
    }
    figures['differentCreates'] = {
      keys: 25,
      variantsEach: 8,
      statuses: statusCounts(responses.flat()),
      records: stored.length,
      durationMs: Date.now() - started,
    };
  });

  it('should leave no revision or update hash without its record (no foreign key checks it: the statements do)', async () => {
    await expectNoOrphanRows(database.url);
  });
});
