import {
  expectNoOrphanRows,
  type JsonResponse,
  loadSamples,
  mintTestToken,
  postJson,
  type TestDatabase,
  type TestService,
  useServicesOnOneDatabase,
  withBusinessKey,
  withClient,
} from '@maco/testing';
import { serviceModule } from '../service-module';
import {
  hasMarktlokationField,
  randomInt,
  RELIABILITY_SEED,
  reverseKeys,
  runPool,
  seededRandom,
  seededUuid,
  withDokumentennummer,
  withMarktlokationField,
} from './load';

const CREATES = 300;
const UPDATES = 300;
/** Updates go to every third created key, about three per record, so a late retry often finds newer revisions. */
const UPDATED_SHARE = 3;
const IN_FLIGHT = 16;

type Operation = 'create' | 'update';
type CopyMode = 'first' | 'concurrent' | 'late';

interface Copy {
  mode: CopyMode;
  /** A retry may come re-serialised, with its keys in another order: still the same body. */
  reordered: boolean;
  response?: JsonResponse;
  /** For a late copy: the newest revision of its record answered before it was sent. */
  newestBefore?: number;
}

/** One distinct request the middleware means to book once, and the copies of it that went over the wire. */
interface Planned {
  operation: Operation;
  businessKey: string;
  body: Record<string, unknown>;
  copies: Copy[];
  /** An update's own field in the MARKTLOKATION item, and its dokumentennummer. */
  field?: string;
  value?: number;
  dokumentennummer?: string;
  /** Settles when the first copy and its concurrent copies are answered. */
  answered: Promise<void>;
  settle: () => void;
}

/**
 * The middleware retries a write after a transport failure, so the backend sees copies of one request: at the same
 * time, or much later, after other updates of the same process were booked. Every distinct request is booked once,
 * every copy gets the same answer, and no late copy undoes a newer change.
 */
describe('LF service under retried requests', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let database: TestDatabase;
  let service: TestService;
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);

  const shared = useServicesOnOneDatabase({ service: serviceModule('LF') }, { DEFAULT_RELEASE: '04/26' });
  beforeAll(
    () =>
      ({
        database,
        services: { service },
      } = shared),
  );

  it(`should book each of ${CREATES} creates and ${UPDATES} updates exactly once when every request is sent 1-3 times`, async () => {
    const started = Date.now();
    const random = seededRandom(RELIABILITY_SEED);
    const createSamples = loadSamples({ role: 'LF', operation: 'create' });
    const updateSamples = loadSamples({ role: 'LF', operation: 'update' });
    expect(createSamples.length).toBeGreaterThan(0);
    expect(updateSamples.length).toBeGreaterThan(0);

    const plan = (
      operation: Operation,
      businessKey: string,
      body: Record<string, unknown>,
      extra: Partial<Planned> = {},
    ): Planned => {
      let settle = () => undefined as void;
      const answered = new Promise<void>((resolve) => (settle = resolve));
      const copies: Copy[] = [{ mode: 'first', reordered: false }];
      for (let extraCopies = randomInt(random, 3); extraCopies > 0; extraCopies--) {
        copies.push({ mode: random() < 0.5 ? 'concurrent' : 'late', reordered: random() < 0.25 });
      }
      return { operation, businessKey, body, copies, answered, settle, ...extra };
    };

    const creates = Array.from({ length: CREATES }, (_, i) => {
      const businessKey = seededUuid(random);
      return plan('create', businessKey, withBusinessKey(createSamples[i % createSamples.length].body, businessKey));
    });
    const updatedKeys = creates.filter((_, i) => i % UPDATED_SHARE === 0).map((create) => create.businessKey);
    const updates = Array.from({ length: UPDATES }, (_, j) => {
      const businessKey = updatedKeys[randomInt(random, updatedKeys.length)];
      const template = updateSamples[randomInt(random, updateSamples.length)].body;
      const field = `retryAenderung${j}`;
      const dokumentennummer = `RETRY-${RELIABILITY_SEED}-${j}`;
      const body = withMarktlokationField(
        withDokumentennummer(withBusinessKey(template, businessKey), dokumentennummer),
        field,
        j,
      );
      return plan('update', businessKey, body, { field, value: j, dokumentennummer });
    });

    // The newest revision answered per record, to tell which late copies arrive after newer updates.
    const newestRevision = new Map<string, number>();
    const send = async (planned: Planned, copy: Copy) => {
      if (copy.mode === 'late') copy.newestBefore = newestRevision.get(planned.businessKey) ?? 0;
      const body = copy.reordered ? reverseKeys(planned.body) : planned.body;
      copy.response = await postJson(`${service.baseUrl}/${planned.operation}ProcessData`, body, { token });
      const revision = copy.response.body['revision'];
      if (typeof revision === 'number')
        newestRevision.set(planned.businessKey, Math.max(revision, newestRevision.get(planned.businessKey) ?? 0));
    };
    const firstAndConcurrent = (planned: Planned) => async () => {
      await Promise.all(planned.copies.filter((copy) => copy.mode !== 'late').map((copy) => send(planned, copy)));
      planned.settle();
    };
    // A late copy goes out only after its original was answered: a retry of a request that did get through.
    const late = (planned: Planned, copy: Copy) => async () => {
      await planned.answered;
      await send(planned, copy);
    };

    // Phase 1: the creates with their concurrent copies. Phase 2: the updates with theirs, with the late copies of
    // creates and updates mixed in at seeded places after their originals.
    await runPool(creates.map(firstAndConcurrent), IN_FLIGHT);
    const phase2: { at: number; task: () => Promise<void> }[] = updates.map((planned, j) => ({
      at: j,
      task: firstAndConcurrent(planned),
    }));
    for (const planned of creates) {
      for (const copy of planned.copies.filter((c) => c.mode === 'late'))
        phase2.push({ at: random() * UPDATES, task: late(planned, copy) });
    }
    updates.forEach((planned, j) => {
      for (const copy of planned.copies.filter((c) => c.mode === 'late')) {
        phase2.push({ at: j + 1 + random() * (UPDATES - j + 30), task: late(planned, copy) });
      }
    });
    phase2.sort((a, b) => a.at - b.at);
    await runPool(
      phase2.map((entry) => entry.task),
      IN_FLIGHT,
    );

    // Every copy answered 200 with the same revision; exactly one copy of each request booked it.
    const everything = [...creates, ...updates];
    const allCopies = everything.flatMap((planned) => planned.copies);
    const statuses = new Map<number, number>();
    for (const copy of allCopies)
      statuses.set(copy.response?.status ?? 0, (statuses.get(copy.response?.status ?? 0) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 200: allCopies.length });
    for (const planned of everything) {
      const answers = planned.copies.map((copy) => copy.response?.body ?? {});
      expect(new Set(answers.map((answer) => answer['revision'])).size).toBe(1);
      expect(answers.filter((answer) => answer['replayed'] === false)).toHaveLength(1);
      expect(answers.every((answer) => answer['businessKey'] === planned.businessKey)).toBe(true);
      if (planned.operation === 'create') expect(answers[0]['revision']).toBe(1);
    }

    // The database: one record per key, one create revision, one revision per distinct update, no body twice.
    const updatesPerKey = new Map<string, number>();
    for (const planned of updates)
      updatesPerKey.set(planned.businessKey, (updatesPerKey.get(planned.businessKey) ?? 0) + 1);
    const records = await sql<{
      business_key: string;
      revision: number;
      revisions: number;
      creates: number;
      first_is_create: boolean;
      min_revision: number;
      max_revision: number;
      distinct_bodies: number;
    }>(
      `SELECT r.business_key, r.revision, count(*)::int AS revisions,
              count(*) FILTER (WHERE v.operation = 'create')::int AS creates,
              bool_and((v.revision = 1) = (v.operation = 'create')) AS first_is_create,
              min(v.revision) AS min_revision, max(v.revision) AS max_revision,
              count(DISTINCT v.body)::int AS distinct_bodies
         FROM process_record r JOIN process_revision v ON v.record_id = r.id
        WHERE r.role = 'LF' GROUP BY r.id`,
    );
    expect(records).toHaveLength(CREATES);
    expect(new Set(records.map((record) => record.business_key))).toEqual(
      new Set(creates.map((planned) => planned.businessKey)),
    );
    let duplicated = 0;
    for (const record of records) {
      const expected = 1 + (updatesPerKey.get(record.business_key) ?? 0);
      duplicated += Math.max(0, record.revisions - expected);
      expect({ key: record.business_key, ...record }).toEqual({
        key: record.business_key,
        business_key: record.business_key,
        revision: expected,
        revisions: expected,
        creates: 1,
        first_is_create: true,
        min_revision: 1,
        max_revision: expected,
        distinct_bodies: expected,
      });
    }

    // Each update is stored once, as the revision its copies were answered with, on its own record.
    const stored = await sql<{ business_key: string; revision: number; dokumentennummer: string }>(
      `SELECT r.business_key, v.revision, v.body->'transaktionsdaten'->>'dokumentennummer' AS dokumentennummer
         FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE v.operation = 'update'`,
    );
    const storedByDokument = new Map<string, { business_key: string; revision: number }[]>();
    for (const { dokumentennummer, ...row } of stored)
      storedByDokument.set(dokumentennummer, [...(storedByDokument.get(dokumentennummer) ?? []), row]);
    let lost = 0;
    for (const planned of updates) {
      const rows = storedByDokument.get(planned.dokumentennummer as string) ?? [];
      if (rows.length === 0) lost++;
      expect(rows).toEqual([
        { business_key: planned.businessKey, revision: planned.copies[0].response?.body['revision'] },
      ]);
    }

    // The create bodies are stored verbatim, and the current state keeps every update's change, late copies or not.
    const states = new Map(
      (
        await sql<{ business_key: string; current: unknown; create_body: unknown }>(
          `SELECT s.business_key, s.current, v.body AS create_body
             FROM process_state s JOIN process_revision v ON v.record_id = s.id AND v.revision = 1`,
        )
      ).map((row) => [row.business_key, row]),
    );
    for (const planned of creates) {
      if (!states.has(planned.businessKey)) lost++;
      expect(states.get(planned.businessKey)?.create_body).toEqual(planned.body);
    }
    const reverted = updates.filter(
      (planned) =>
        !hasMarktlokationField(states.get(planned.businessKey)?.current, planned.field as string, planned.value),
    );
    expect(reverted.map((planned) => planned.dokumentennummer)).toEqual([]);

    // The load did what it is meant to: retries at the same time and late ones, also behind newer updates.
    const lateCopies = allCopies.filter((copy) => copy.mode === 'late');
    const lateUpdatesBehindNewer = updates.flatMap((planned) =>
      planned.copies.filter(
        (copy) =>
          copy.mode === 'late' && (copy.newestBefore ?? 0) > Number(planned.copies[0].response?.body['revision']),
      ),
    ).length;
    const replays = allCopies.filter((copy) => copy.response?.body['replayed'] === true).length;
    const figures = {
      seed: RELIABILITY_SEED,
      requestsSent: allCopies.length,
      distinctBookings: everything.length,
      retries: allCopies.length - everything.length,
      concurrentRetries: allCopies.filter((copy) => copy.mode === 'concurrent').length,
      lateRetries: lateCopies.length,
      reorderedRetries: allCopies.filter((copy) => copy.reordered).length,
      lateUpdateRetriesAfterNewerRevisions: lateUpdatesBehindNewer,
      replaysAnswered: replays,
      lost,
      duplicated,
      durationMs: Date.now() - started,
    };
    console.log(`retries: ${JSON.stringify(figures)}`);
    expect(figures.replaysAnswered).toBe(figures.retries);
    expect(figures.concurrentRetries).toBeGreaterThan(0);
    expect(figures.lateRetries).toBeGreaterThan(0);
    expect(figures.lateUpdateRetriesAfterNewerRevisions).toBeGreaterThan(0);
    expect([lost, duplicated]).toEqual([0, 0]);
  }, 60_000);

  it('should leave no revision or update hash without its record (no foreign key checks it: the statements do)', async () => {
    await expectNoOrphanRows(database.url);
  });
});
