import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  expectNoOrphanRows,
  FAST_RETRIES,
  hasMarktlokationField,
  type JsonResponse,
  loadSamples,
  maloIdentBody,
  mintTestToken,
  postJson,
  randomInt,
  RELIABILITY_SEED,
  reverseKeys,
  runPool,
  type ScriptedMiddleware,
  seededRandom,
  seededUuid,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
  withClient,
  withDokumentennummer,
  withMarktlokationField,
} from '@maco/testing';

const INSTANCES = 3;
/** Each chain is a create and 1–3 updates naming it by `targetBusinessKey`: about 4 × CHAINS distinct bookings. */
const CHAINS = 240;
const IN_FLIGHT = 16;
const TRIGGERS = 120;
/** Share of triggers posted a second time, to another instance. */
const REPOSTED_SHARE = 0.3;
/** Inbound calls the middleware answers 503 before it accepts. */
const UNAVAILABLE_CALLS = 40;

type Item = Record<string, unknown>;
type CopyMode = 'first' | 'concurrent' | 'late';

interface Copy {
  mode: CopyMode;
  /** Which of the instances this copy goes to. */
  instance: number;
  /** A retry may come re-serialised, with its keys in another order: still the same body. */
  reordered: boolean;
  response?: JsonResponse;
  /** For a late copy: the newest revision of its process answered before it was sent. */
  newestBefore?: number;
}

/** One distinct request the middleware means to book once, and the copies of it that went over the wire. */
interface Planned {
  path: string;
  /** The business key of the process it books on: the chain's create. */
  processKey: string;
  body: Item;
  copies: Copy[];
  answered: Promise<void>;
  settle: () => void;
}

interface Chain {
  createKey: string;
  create: Planned;
  updates: (Planned & { subKey: string; dokumentennummer: string; field: string; value: number })[];
}

/**
 * Three instances of the LF service, each its own Nest app on its own port with its own pool and trigger delivery
 * worker, on one database: the way it is deployed behind a load balancer. A retry lands on another instance than the
 * request it repeats, at the same time or later; triggers are re-posted to another instance while the middleware is
 * refusing. Everything is counted from the database (and from what the middleware accepted): booked once, delivered
 * once, nothing lost.
 */
describe('LF: three instances on one database', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  const instances: TestService[] = [];
  const summary: Record<string, unknown> = { seed: RELIABILITY_SEED, instances: INSTANCES };
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);

  beforeAll(async () => {
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware();
    // Started together: they migrate the fresh database under the migration lock, as a scaled-out deploy does.
    const env = { ...middleware.env, ...FAST_RETRIES, DEFAULT_RELEASE: '04/26' };
    instances.push(
      ...(await Promise.all(
        Array.from({ length: INSTANCES }, () => startTestService(composeService(LF_SERVICE), database.url, env)),
      )),
    );
  });

  afterAll(async () => {
    console.log(`many-instances: ${JSON.stringify(summary)}`);
    await Promise.all(instances.map((instance) => instance.close()));
    await middleware?.close();
    await database?.drop();
  });

  it(`should book ${CHAINS} chains (a create, 1-3 updates by targetBusinessKey) exactly once when copies go to other instances`, async () => {
    const started = Date.now();
    const random = seededRandom(RELIABILITY_SEED);
    const createSamples = loadSamples({ role: 'LF', operation: 'create' });
    const updateSamples = loadSamples({ role: 'LF', operation: 'update' });
    expect(createSamples.length).toBeGreaterThan(0);
    expect(updateSamples.length).toBeGreaterThan(0);

    // Round-robin: each distinct request starts at the next instance; its retries go to the instances after it.
    let nextInstance = 0;
    const plan = (path: string, processKey: string, body: Item): Planned => {
      let settle = () => undefined as void;
      const answered = new Promise<void>((resolve) => (settle = resolve));
      const first = nextInstance++ % INSTANCES;
      const copies: Copy[] = [{ mode: 'first', instance: first, reordered: false }];
      for (let extra = randomInt(random, 3); extra > 0; extra--) {
        copies.push({
          mode: random() < 0.5 ? 'concurrent' : 'late',
          instance: (first + copies.length) % INSTANCES,
          reordered: random() < 0.25,
        });
      }
      return { path, processKey, body, copies, answered, settle };
    };

    let updateNumber = 0;
    const chains: Chain[] = Array.from({ length: CHAINS }, (_, c) => {
      const createKey = seededUuid(random);
      const create = plan(
        '/createProcessData',
        createKey,
        withBusinessKey(createSamples[c % createSamples.length].body, createKey),
      );
      const updates = Array.from({ length: 1 + randomInt(random, 3) }, () => {
        const n = updateNumber++;
        const subKey = seededUuid(random);
        const dokumentennummer = `MANY-${RELIABILITY_SEED}-${n}`;
        const field = `instanzAenderung${n}`;
        const body = withMarktlokationField(
          withDokumentennummer(
            withBusinessKey(updateSamples[randomInt(random, updateSamples.length)].body, subKey),
            dokumentennummer,
          ),
          field,
          n,
        );
        body['zusatzdaten'] = { ...(body['zusatzdaten'] as Item), targetBusinessKey: createKey };
        return { ...plan('/updateProcessData', createKey, body), subKey, dokumentennummer, field, value: n };
      });
      return { createKey, create, updates };
    });
    const creates = chains.map((chain) => chain.create);
    const updates = chains.flatMap((chain) => chain.updates);
    const everything: Planned[] = [...creates, ...updates];
    expect(everything.length).toBeGreaterThanOrEqual(600);

    // The newest revision answered per process, to tell which late copies arrive after newer updates.
    const newestRevision = new Map<string, number>();
    const send = async (planned: Planned, copy: Copy) => {
      if (copy.mode === 'late') copy.newestBefore = newestRevision.get(planned.processKey) ?? 0;
      const body = copy.reordered ? reverseKeys(planned.body) : planned.body;
      copy.response = await postJson(`${instances[copy.instance].baseUrl}${planned.path}`, body, { token });
      const revision = copy.response.body['revision'];
      if (typeof revision === 'number')
        newestRevision.set(planned.processKey, Math.max(revision, newestRevision.get(planned.processKey) ?? 0));
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

    // Phase 1: the creates with their concurrent copies. Phase 2: the updates in chain order (updates of one chain
    // are in flight together on different instances) with their concurrent copies, and the late copies of creates
    // and updates mixed in at seeded places after their originals.
    await runPool(creates.map(firstAndConcurrent), IN_FLIGHT);
    const phase2: { at: number; task: () => Promise<void> }[] = updates.map((planned, j) => ({
      at: j,
      task: firstAndConcurrent(planned),
    }));
    for (const planned of creates) {
      for (const copy of planned.copies.filter((c) => c.mode === 'late'))
        phase2.push({ at: random() * updates.length, task: late(planned, copy) });
    }
    updates.forEach((planned, j) => {
      for (const copy of planned.copies.filter((c) => c.mode === 'late'))
        phase2.push({ at: j + 1 + random() * (updates.length - j + 30), task: late(planned, copy) });
    });
    phase2.sort((a, b) => a.at - b.at);
    await runPool(
      phase2.map((entry) => entry.task),
      IN_FLIGHT,
    );

    // The answers: all 200; every copy of a request the same revision, exactly one of them not a replay; updates
    // answered with the process their targetBusinessKey named.
    const allCopies = everything.flatMap((planned) => planned.copies);
    const statuses = countBy(allCopies.map((copy) => copy.response?.status ?? 0));
    const serverErrors = allCopies.filter((copy) => (copy.response?.status ?? 0) >= 500).length;
    expect(statuses).toEqual({ 200: allCopies.length });
    for (const chain of chains) {
      const answers = chain.create.copies.map((copy) => copy.response?.body ?? {});
      expect(answers.map((answer) => [answer['businessKey'], answer['revision']])).toEqual(
        answers.map(() => [chain.createKey, 1]),
      );
      expect(answers.filter((answer) => answer['replayed'] === false)).toHaveLength(1);
      for (const update of chain.updates) {
        const updateAnswers = update.copies.map((copy) => copy.response?.body ?? {});
        expect(new Set(updateAnswers.map((answer) => answer['revision'])).size).toBe(1);
        expect(updateAnswers.filter((answer) => answer['replayed'] === false)).toHaveLength(1);
        expect(updateAnswers.map((answer) => [answer['businessKey'], answer['processBusinessKey']])).toEqual(
          updateAnswers.map(() => [update.subKey, chain.createKey]),
        );
      }
    }

    // The database: one record per create key and no other booked record; revisions 1..n without a gap or a duplicate.
    const records = await sql<{
      business_key: string;
      revision: number;
      revisions: number;
      distinct_revisions: number;
      creates: number;
      first_is_create: boolean;
      min_revision: number;
      max_revision: number;
    }>(
      `SELECT r.business_key, r.revision, count(*)::int AS revisions, count(DISTINCT v.revision)::int AS distinct_revisions,
              count(*) FILTER (WHERE v.operation = 'create')::int AS creates,
              bool_and((v.revision = 1) = (v.operation = 'create')) AS first_is_create,
              min(v.revision) AS min_revision, max(v.revision) AS max_revision
         FROM process_record r JOIN process_revision v ON v.record_id = r.id
        WHERE r.role = 'LF' AND NOT EXISTS (SELECT 1 FROM process_revision t WHERE t.record_id = r.id AND t.operation = 'trigger')
        GROUP BY r.id`,
    );
    expect(records).toHaveLength(CHAINS);
    expect(new Set(records.map((record) => record.business_key))).toEqual(
      new Set(chains.map((chain) => chain.createKey)),
    );
    const chainOf = new Map(chains.map((chain) => [chain.createKey, chain]));
    let duplicated = 0;
    for (const record of records) {
      const expected = 1 + (chainOf.get(record.business_key)?.updates.length ?? 0);
      duplicated += Math.max(0, record.revisions - expected);
      expect({ key: record.business_key, ...record }).toEqual({
        key: record.business_key,
        business_key: record.business_key,
        revision: expected,
        revisions: expected,
        distinct_revisions: expected,
        creates: 1,
        first_is_create: true,
        min_revision: 1,
        max_revision: expected,
      });
    }

    // Each update stored once, on the process it named, as the revision it was answered with; its sub-process key
    // became a key of that process (first seen at that revision); no update body twice on one record.
    const stored = await sql<{ business_key: string; revision: number; dokumentennummer: string; matched_by: string }>(
      `SELECT r.business_key, v.revision, v.body->'transaktionsdaten'->>'dokumentennummer' AS dokumentennummer, v.matched_by
         FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.role = 'LF' AND v.operation = 'update'`,
    );
    expect(stored).toHaveLength(updates.length);
    const storedByDokument = groupBy(stored, (row) => row.dokumentennummer);
    const keys = await sql<{ key: string; business_key: string; kind: string; first_revision: number }>(
      `SELECT k.key, r.business_key, k.kind, k.first_revision FROM process_key k JOIN process_record r ON r.id = k.record_id WHERE k.role = 'LF' AND k.kind = 'subProcessBusinessKey'`,
    );
    expect(keys).toHaveLength(updates.length);
    const keyOf = new Map(keys.map((row) => [row.key, row]));
    let lost = 0;
    for (const chain of chains) {
      for (const update of chain.updates) {
        const revision = update.copies[0].response?.body['revision'];
        const rows = storedByDokument.get(update.dokumentennummer) ?? [];
        if (rows.length === 0) lost++;
        expect(rows).toEqual([
          {
            business_key: chain.createKey,
            revision,
            dokumentennummer: update.dokumentennummer,
            matched_by: 'targetBusinessKey',
          },
        ]);
        expect(keyOf.get(update.subKey)).toEqual({
          key: update.subKey,
          business_key: chain.createKey,
          kind: 'subProcessBusinessKey',
          first_revision: revision,
        });
      }
    }
    const [{ repeated_bodies }] = await sql<{ repeated_bodies: number }>(
      `SELECT count(*)::int AS repeated_bodies FROM (SELECT 1 FROM process_revision WHERE operation = 'update' GROUP BY record_id, body_sha256 HAVING count(*) > 1) d`,
    );
    duplicated += repeated_bodies;

    // Every update's change is in its process's current state: no instance merged on a state another one had moved on.
    const states = new Map(
      (
        await sql<{ business_key: string; current: unknown; create_body: unknown }>(
          `SELECT s.business_key, s.current, v.body AS create_body FROM process_state s JOIN process_revision v ON v.record_id = s.id AND v.revision = 1 WHERE s.role = 'LF'`,
        )
      ).map((row) => [row.business_key, row]),
    );
    for (const chain of chains) {
      if (!states.has(chain.createKey)) lost++;
      expect(states.get(chain.createKey)?.create_body).toEqual(chain.create.body);
    }
    const reverted = chains.flatMap((chain) =>
      chain.updates.filter(
        (update) => !hasMarktlokationField(states.get(chain.createKey)?.current, update.field, update.value),
      ),
    );
    expect(reverted.map((update) => update.dokumentennummer)).toEqual([]);

    const retries = allCopies.length - everything.length;
    const lateUpdateRetriesAfterNewerRevisions = updates.flatMap((update) =>
      update.copies.filter(
        (copy) =>
          copy.mode === 'late' && (copy.newestBefore ?? 0) > Number(update.copies[0].response?.body['revision']),
      ),
    ).length;
    const figures = {
      requests: allCopies.length,
      distinctBookings: everything.length,
      creates: creates.length,
      updates: updates.length,
      retries,
      concurrentRetries: allCopies.filter((copy) => copy.mode === 'concurrent').length,
      lateRetries: allCopies.filter((copy) => copy.mode === 'late').length,
      reorderedRetries: allCopies.filter((copy) => copy.reordered).length,
      lateUpdateRetriesAfterNewerRevisions,
      replays: allCopies.filter((copy) => copy.response?.body['replayed'] === true).length,
      requestsPerInstance: Array.from(
        { length: INSTANCES },
        (_, i) => allCopies.filter((copy) => copy.instance === i).length,
      ),
      serverErrors,
      lost,
      duplicated,
      durationMs: Date.now() - started,
    };
    summary['bookings'] = figures;
    expect(figures.replays).toBe(retries);
    expect(figures.concurrentRetries).toBeGreaterThan(0);
    expect(figures.lateRetries).toBeGreaterThan(0);
    expect(lateUpdateRetriesAfterNewerRevisions).toBeGreaterThan(0);
    expect([serverErrors, lost, duplicated]).toEqual([0, 0, 0]);
  }, 60_000);

  it(`should deliver each of ${TRIGGERS} triggers exactly once when they are re-posted to other instances and the middleware refuses at first`, async () => {
    const started = Date.now();
    const random = seededRandom(RELIABILITY_SEED + 1);
    middleware.failNext(UNAVAILABLE_CALLS, 'unavailable');

    interface Post {
      instance: number;
      mode: CopyMode;
      response?: JsonResponse;
    }
    const triggers = Array.from({ length: TRIGGERS }, (_, i) => {
      const posts: Post[] = [{ instance: i % INSTANCES, mode: 'first' }];
      if (random() < REPOSTED_SHARE)
        posts.push({
          instance: (i + 1 + randomInt(random, INSTANCES - 1)) % INSTANCES,
          mode: random() < 0.5 ? 'concurrent' : 'late',
        });
      return { prozessId: seededUuid(random), posts };
    });
    const post = async (prozessId: string, copy: Post) => {
      copy.response = await postJson(
        `${instances[copy.instance].baseUrl}/triggers/START_MALOIDENT`,
        maloIdentBody(prozessId),
        { token },
      );
    };
    await runPool(
      triggers.map(({ prozessId, posts }) => async () => {
        await Promise.all(posts.filter((copy) => copy.mode !== 'late').map((copy) => post(prozessId, copy)));
        for (const copy of posts.filter((c) => c.mode === 'late')) await post(prozessId, copy);
      }),
      IN_FLIGHT,
    );

    // Every delivery ends sent: the ones the middleware refused are the workers' of all three instances.
    const deadline = Date.now() + 30_000;
    let outbox = { deliveries: 0, delivered: 0, failed: 0, attempts: 0 };
    for (;;) {
      [outbox] = await sql<typeof outbox>(
        `SELECT count(*)::int AS deliveries, count(delivered_at)::int AS delivered, count(failed_at)::int AS failed, coalesce(sum(attempts), 0)::int AS attempts
           FROM trigger_delivery WHERE role = 'LF'`,
      );
      if (outbox.delivered + outbox.failed >= TRIGGERS || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const posts = triggers.flatMap((trigger) => trigger.posts);
    const statuses = countBy(posts.map((copy) => copy.response?.status ?? 0));
    const serverErrors = posts.filter((copy) => (copy.response?.status ?? 0) >= 500).length;
    expect(Object.keys(statuses).every((status) => status === '201' || status === '202')).toBe(true);

    // The middleware's side: each prozessId accepted exactly once, none missing, none it never was sent.
    const accepted = groupBy(middleware.accepted(), (call) => String(call.prozessId));
    const duplicates = [...accepted.values()].filter((calls) => calls.length > 1).length;
    const lost = triggers.filter((trigger) => !accepted.has(trigger.prozessId)).length;
    expect(triggers.map((trigger) => accepted.get(trigger.prozessId)?.length ?? 0)).toEqual(triggers.map(() => 1));
    expect(middleware.accepted()).toHaveLength(TRIGGERS);
    const refused = middleware.inboundCalls.filter((call) => call.answer === 503).length;
    expect(refused).toBe(UNAVAILABLE_CALLS);

    // The database's side: one process per prozessId, sent, with the key the middleware answered; one outbox row each,
    // every attempt counted once (the attempts recorded are the calls the middleware saw).
    expect(outbox).toEqual({
      deliveries: TRIGGERS,
      delivered: TRIGGERS,
      failed: 0,
      attempts: middleware.inboundCalls.length,
    });
    const processes = await sql<{ business_key: string; status: string; keys: string[] }>(
      `SELECT r.business_key, r.status, ARRAY(SELECT k.key FROM process_key k WHERE k.record_id = r.id AND k.kind = 'triggerBusinessKey') AS keys
         FROM process_record r WHERE r.role = 'LF' AND EXISTS (SELECT 1 FROM process_revision v WHERE v.record_id = r.id AND v.operation = 'trigger')`,
    );
    expect(processes).toHaveLength(TRIGGERS);
    const processOf = new Map(processes.map((row) => [row.business_key, row]));
    for (const trigger of triggers) {
      const businessKey = accepted.get(trigger.prozessId)?.[0].businessKey;
      expect(processOf.get(trigger.prozessId)).toEqual({
        business_key: trigger.prozessId,
        status: 'sent',
        keys: [businessKey],
      });
      // A post answered 201 names the key the middleware gave, whichever instance answered it.
      for (const copy of trigger.posts.filter((c) => c.response?.status === 201))
        expect(copy.response?.body['businessKey']).toBe(businessKey);
    }

    // Who delivered: the metrics of each instance count its attempts (the request's own and its worker's).
    const metrics = await Promise.all(
      instances.map(async (instance) => (await fetch(`${instance.baseUrl}/metrics`)).text()),
    );
    const deliveredBy = metrics.map((text) =>
      metricValue(text, 'maco_trigger_deliveries_total{role="LF",outcome="delivered"}'),
    );
    const retriesBy = metrics.map((text) =>
      metricValue(text, 'maco_trigger_deliveries_total{role="LF",outcome="retry"}'),
    );
    expect(sum(deliveredBy)).toBe(TRIGGERS);
    expect(sum(retriesBy)).toBe(UNAVAILABLE_CALLS);

    summary['triggers'] = {
      triggers: TRIGGERS,
      posts: posts.length,
      reposted: posts.length - TRIGGERS,
      concurrentReposts: posts.filter((copy) => copy.mode === 'concurrent').length,
      lateReposts: posts.filter((copy) => copy.mode === 'late').length,
      answers: statuses,
      middleware503: refused,
      deliveries: outbox.delivered,
      attempts: middleware.inboundCalls.length,
      deliveredByInstance: deliveredBy,
      retriesByInstance: retriesBy,
      retriedDeliveries: (
        await sql<{ n: number }>(`SELECT count(*)::int AS n FROM trigger_delivery WHERE role = 'LF' AND attempts > 1`)
      )[0].n,
      serverErrors,
      duplicates,
      lost,
      durationMs: Date.now() - started,
    };
    expect([serverErrors, duplicates, lost]).toEqual([0, 0, 0]);
  }, 60_000);

  it('should leave no revision or update hash without its record (no foreign key checks it: the statements do)', async () => {
    await expectNoOrphanRows(database.url);
  });
});

function countBy(values: (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function groupBy<T>(values: readonly T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) groups.set(keyOf(value), [...(groups.get(keyOf(value)) ?? []), value]);
  return groups;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The value of one series in a Prometheus text exposition (0 when absent). */
function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
