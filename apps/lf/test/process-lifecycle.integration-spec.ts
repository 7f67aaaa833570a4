import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@maco/database';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  RELIABILITY_SEED,
  runScript,
  seededRandom,
  seededUuid,
  stopChildren,
  TEST_JWT_SECRET,
  type TestDatabase,
  withBusinessKey,
  withClient,
  workspaceRoot,
} from '@maco/testing';

const MAIN = join(workspaceRoot(), 'apps', 'lf', 'dist', 'main.js');
/** The seed of the load's random choices: `RELIABILITY_SEED`, else a fixed one. */
const SEED = RELIABILITY_SEED;

type Item = Record<string, unknown>;

/** Puts a field of its own into the body's first MARKTLOKATION item (adding one when there is none). */
function withMarktlokationField(body: Item, field: string, value: unknown): Item {
  const stammdaten = ((body['stammdaten'] as Item | undefined) ?? (body['stammdaten'] = {})) as Item;
  const items = Array.isArray(stammdaten['MARKTLOKATION']) ? (stammdaten['MARKTLOKATION'] as Item[]) : [];
  if (items.length === 0) items.push({ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192' });
  items[0] = { ...items[0], [field]: value };
  stammdaten['MARKTLOKATION'] = items;
  return body;
}

/** Whether a state's MARKTLOKATION items carry the field with the value. */
function hasMarktlokationField(state: unknown, field: string, value: unknown): boolean {
  const items = (state as { stammdaten?: { MARKTLOKATION?: unknown } } | null)?.stammdaten?.MARKTLOKATION;
  return Array.isArray(items) && (items as Item[]).some((item) => item[field] === value);
}

const run = (env: NodeJS.ProcessEnv) => runScript(MAIN, env);

/** The built service as a process: how it starts with a bad configuration, and how it stops under load. */
describe('LF service process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the app first (nx run lf:build)`);
    database = await createTestDatabase();
  });

  // A test that fails before its SIGTERM must not leave its service running (jest would wait for it).
  afterEach(() => stopChildren());

  afterAll(async () => {
    await database?.drop();
  });

  it("should refuse to start with a bad configuration and name every offending variable, platform's and its groups'", async () => {
    const service = run({
      DATABASE_URL: database.url,
      JWT_SECRET: 'short',
      PORT: 'eighty',
      AHB_RULE_MODE: 'lenient',
      READ_ANSWER_SHAPE: 'list',
    });

    expect(await service.exited).toBe(1);
    for (const variable of ['JWT_SECRET', 'PORT', 'process-data: AHB_RULE_MODE', 'bo-read: READ_ANSWER_SHAPE'])
      expect(service.output()).toContain(variable);
  }, 30_000);

  it('should say which database it cannot reach when it fails to start, without its password', async () => {
    const port = await freePort();
    const service = run({
      DATABASE_URL: `postgres://maco:s3cret-pw@127.0.0.1:${port}/maco`,
      JWT_SECRET: TEST_JWT_SECRET,
      DATABASE_CONNECT_TIMEOUT_MS: '500',
    });

    expect(await service.exited).toBe(1);
    expect(service.output()).toContain(`the database at postgres://127.0.0.1:${port}/maco cannot be used`);
    expect(service.output()).not.toContain('s3cret-pw');
  }, 30_000);

  it('should answer every request in flight on SIGTERM, lose none that got a 200 and leave nothing half-written', async () => {
    const port = await freePort();
    const service = run({
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    });
    const url = `http://127.0.0.1:${port}`;
    for (let waited = 0; (await fetch(`${url}/health/live`).catch(() => undefined))?.status !== 200; waited += 100) {
      if (waited > 20_000) throw new Error(`service did not start: ${service.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = mintTestToken({ roles: ['LF'] });
    const createTemplates = loadSamples({ role: 'LF', operation: 'create' });
    const updateTemplates = loadSamples({ role: 'LF', operation: 'update' });
    const booked: string[] = [];
    /** Every update sent, by its dokumentennummer: its record, its own MARKTLOKATION field and, after a 200, its revision. */
    const updates = new Map<string, { businessKey: string; field: string; revision?: number }>();
    const figures = {
      seed: SEED,
      requestsSent: 0,
      creates200: 0,
      updates200: 0,
      refusedAfterSigterm: 0,
      connectionErrorsAfterSigterm: 0,
      failedBeforeSigterm: 0,
      otherStatuses: {} as Record<number, number>,
      bookedWithoutAnswer: 0,
      lost: 0,
      duplicated: 0,
      halfWritten: 0,
      /** How the process ended after SIGTERM: null when it re-raised the signal, 1 when the shutdown bound ran out. */
      exitCode: undefined as number | null | undefined,
      shutdownMs: 0,
      durationMs: 0,
    };
    let stopping = false;
    let sigtermAt = 0;
    const started = Date.now();

    // 16 clients create processes and update those already booked until the service is gone; SIGTERM goes out once
    // 200 bookings are through.
    const client = async (clientIndex: number) => {
      const random = seededRandom(SEED + clientIndex);
      for (let i = 0; i < 10_000; i++) {
        const isUpdate = booked.length > 0 && random() < 0.5;
        const businessKey = isUpdate ? booked[Math.floor(random() * booked.length)] : seededUuid(random);
        const templates = isUpdate ? updateTemplates : createTemplates;
        const body = withBusinessKey(templates[Math.floor(random() * templates.length)].body, businessKey);
        const dokumentennummer = `LC-${clientIndex}-${i}`;
        body['transaktionsdaten'] = { ...(body['transaktionsdaten'] as object), dokumentennummer };
        if (isUpdate) {
          const field = `lifecycleAenderung_${clientIndex}_${i}`;
          withMarktlokationField(body, field, dokumentennummer);
          updates.set(dokumentennummer, { businessKey, field });
        }
        figures.requestsSent++;
        const sentAfterSigterm = stopping;
        const response = await fetch(`${url}/${isUpdate ? 'update' : 'create'}ProcessData`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }).catch(() => undefined);
        const answer = response?.status === 200 ? ((await response.json()) as { revision: number }) : undefined;
        if (answer && isUpdate) {
          figures.updates200++;
          (updates.get(dokumentennummer) as { revision?: number }).revision = answer.revision;
        } else if (answer) {
          figures.creates200++;
          booked.push(businessKey);
        } else if (!sentAfterSigterm && !stopping) figures.failedBeforeSigterm++;
        else if (!response) figures.connectionErrorsAfterSigterm++;
        else if (response.status === 503) figures.refusedAfterSigterm++;
        if (response && response.status !== 200 && response.status !== 503) {
          figures.otherStatuses[response.status] = (figures.otherStatuses[response.status] ?? 0) + 1;
        }
        if (!stopping && figures.creates200 + figures.updates200 >= 200) {
          stopping = true;
          sigtermAt = Date.now();
          service.child.kill('SIGTERM');
        }
        if (stopping && !response) return;
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, clientIndex) => client(clientIndex)));
    figures.exitCode = await service.exited;
    figures.shutdownMs = Date.now() - sigtermAt;

    expect(booked.length).toBeGreaterThanOrEqual(50);
    expect(figures.updates200).toBeGreaterThanOrEqual(50);
    await withClient(database.url, async (db) => {
      // Every create that got a 200 is a record with its create revision.
      const stored = (
        await db.query(
          'SELECT r.business_key FROM process_record r JOIN process_revision v ON v.record_id = r.id AND v.revision = 1 WHERE r.business_key = ANY($1)',
          [booked],
        )
      ).rows;
      figures.lost += booked.length - stored.length;
      // None half-written: each record has its create as revision 1, and its revision column counts revisions 1..n.
      const [{ without_create, revision_mismatch, records }] = (
        await db.query(`
          SELECT count(*) FILTER (WHERE NOT EXISTS (
                   SELECT 1 FROM process_revision v WHERE v.record_id = r.id AND v.revision = 1 AND v.operation = 'create'))::int AS without_create,
                 count(*) FILTER (WHERE v.max_revision IS DISTINCT FROM r.revision OR v.revisions IS DISTINCT FROM r.revision
                   OR v.min_revision IS DISTINCT FROM 1)::int AS revision_mismatch,
                 count(*)::int AS records
            FROM process_record r
            LEFT JOIN (SELECT record_id, min(revision) AS min_revision, max(revision) AS max_revision, count(*)::int AS revisions
                         FROM process_revision GROUP BY record_id) v ON v.record_id = r.id`)
      ).rows;
      figures.halfWritten += without_create + revision_mismatch;
      // Every update that got a 200 is its revision; every update stored (answered or not) is in its record's state.
      const revisions = (
        await db.query(`
          SELECT r.business_key, v.revision, v.body->'transaktionsdaten'->>'dokumentennummer' AS dokumentennummer, s.current
            FROM process_revision v JOIN process_record r ON r.id = v.record_id JOIN process_state s ON s.id = r.id
           WHERE v.operation = 'update'`)
      ).rows as {
        business_key: string;
        revision: number;
        dokumentennummer: string;
        current: Record<string, unknown>;
      }[];
      const storedUpdates = new Map(revisions.map((row) => [row.dokumentennummer, row]));
      for (const [dokumentennummer, sent] of updates) {
        const row = storedUpdates.get(dokumentennummer);
        if (sent.revision !== undefined && (row?.business_key !== sent.businessKey || row.revision !== sent.revision))
          figures.lost++;
        if (row && !hasMarktlokationField(row.current, sent.field, dokumentennummer)) figures.halfWritten++;
        if (row && sent.revision === undefined) figures.bookedWithoutAnswer++;
      }
      // An update revision nobody sent, or one update stored twice, would be a duplicate.
      figures.duplicated +=
        revisions.length - storedUpdates.size + revisions.filter((row) => !updates.has(row.dokumentennummer)).length;
      figures.bookedWithoutAnswer += records - booked.length;
    });
    figures.durationMs = Date.now() - started;
    console.log(`process lifecycle: ${JSON.stringify(figures)}`);

    expect(service.output()).toContain('SIGTERM: finishing requests in flight');
    expect(figures.refusedAfterSigterm + figures.connectionErrorsAfterSigterm).toBeGreaterThan(0);
    expect(figures.failedBeforeSigterm).toBe(0);
    expect(figures.otherStatuses).toEqual({});
    expect([figures.lost, figures.duplicated, figures.halfWritten]).toEqual([0, 0, 0]);
    // A clean stop: not the SHUTDOWN_TIMEOUT_MS bound (exit 1 after 10 s) that keep-alive connections once forced.
    expect(figures.exitCode).not.toBe(1);
    expect(figures.shutdownMs).toBeLessThan(5_000);
  }, 60_000);
});
