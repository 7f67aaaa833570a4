import { randomUUID } from 'node:crypto';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  type DatabaseProxy,
  loadSamples,
  mintTestToken,
  postJson,
  startDatabaseProxy,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
  withClient,
} from '@maco/testing';

/** What issue 38 asks of the cut: 25 s without the database, writes at 5 a second. */
const CUT_MS = 25_000;
const WRITE_INTERVAL_MS = 200;
const BEFORE_AND_AFTER_MS = 3_000;

type Item = Record<string, unknown>;

interface Sent {
  kind: 'create' | 'update';
  /** The create's business key, or the update's own one (unique per update body). */
  key: string;
  status?: number;
  journaled?: boolean;
  during: 'before' | 'cut' | 'after';
}

/**
 * The write journal against a real cut: a service whose database connection is reset and refused for 25 s while the
 * middleware keeps sending creates and updates (updates of processes created during the cut among them).
 */
describe('LF service: writes while the database is cut off', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let service: TestService;
  const token = mintTestToken({ roles: ['LF'] });
  const operatorToken = mintTestToken({ roles: ['OPERATOR'] });
  const createSamples = loadSamples({ role: 'LF', operation: 'create' });
  const updateSamples = loadSamples({ role: 'LF', operation: 'update' });
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const journal = async () =>
    (
      await fetch(`${service.baseUrl}/journal`, { headers: { authorization: `Bearer ${operatorToken}` } })
    ).json() as Promise<Item>;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url);
    service = await startTestService(composeService(LF_SERVICE), proxy.url, {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'silent',
      TRIGGER_POLL_INTERVAL_MS: '60000',
    });
  });

  afterAll(async () => {
    await service?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('should answer every write 2xx and book each exactly once within a minute of the return', async () => {
    const sent: Sent[] = [];
    const created: string[] = [];
    let during: Sent['during'] = 'before';
    const answers: Promise<void>[] = [];
    const send = (index: number) => {
      // Every third write an update of a process created before it (during the cut too), the others creates.
      const isUpdate = index % 3 === 2 && created.length > 0;
      const key = randomUUID();
      let body: Item;
      if (isUpdate) {
        body = withBusinessKey(updateSamples[index % updateSamples.length].body, key);
        const target = created[created.length - 1 - (index % Math.min(3, created.length))];
        body['zusatzdaten'] = { ...(body['zusatzdaten'] as Item), targetBusinessKey: target };
      } else {
        body = withBusinessKey(createSamples[index % createSamples.length].body, key);
        created.push(key);
      }
      const entry: Sent = { kind: isUpdate ? 'update' : 'create', key, during };
      sent.push(entry);
      answers.push(
        postJson(`${service.baseUrl}/${isUpdate ? 'updateProcessData' : 'createProcessData'}`, body, { token }).then(
          (response) => {
            entry.status = response.status;
            entry.journaled = response.body['journaled'] === true;
          },
        ),
      );
    };
    let index = 0;
    const ticker = setInterval(() => send(index++), WRITE_INTERVAL_MS);
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await wait(BEFORE_AND_AFTER_MS);
    during = 'cut';
    await proxy.cut();
    await wait(CUT_MS / 2);
    // Meanwhile the instance stays in the balancer and says why.
    const ready = await fetch(`${service.baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'degraded', detail: 'database unavailable, journaling' });
    // A write the service refuses is still refused, and kept (in the journal until the quarantine can take it).
    const refused = await postJson(
      `${service.baseUrl}/createProcessData?command=AKTUALISIEREN_PROZESSDATEN`,
      withBusinessKey(createSamples[0].body),
      { token },
    );
    expect(refused.status).toBe(422);
    const waiting = await journal();
    expect(waiting['entries']).toBeGreaterThan(10);
    expect(waiting['journalingSince']).toEqual(expect.any(String));
    await wait(CUT_MS / 2);
    during = 'after';
    await proxy.restore();
    const restoredAt = Date.now();
    // Within a minute of the return the journal is empty (the writes go on meanwhile).
    while ((await journal())['entries'] !== 0) {
      expect(Date.now() - restoredAt).toBeLessThan(60_000);
      await wait(50);
    }
    const drainedAfterMs = Date.now() - restoredAt;
    await wait(Math.max(0, restoredAt + BEFORE_AND_AFTER_MS - Date.now()));
    clearInterval(ticker);
    await Promise.all(answers);

    // Every write answered 2xx; those of the cut from the journal.
    expect(sent.filter((entry) => entry.status !== 200)).toEqual([]);
    const cut = sent.filter((entry) => entry.during === 'cut');
    expect(cut.length).toBeGreaterThanOrEqual(100);
    expect(cut.every((entry) => entry.journaled)).toBe(true);

    // The writes after the return may have queued behind the last entries: empty again before the checks.
    while ((await journal())['entries'] !== 0) await wait(50);
    // Every write is booked exactly once: each create a process, each update one revision on its process.
    const records = await sql<{ business_key: string; revisions: number }>(
      `SELECT r.business_key, count(v.*)::int AS revisions FROM process_record r JOIN process_revision v ON v.record_id = r.id
       WHERE r.role = 'LF' GROUP BY r.business_key`,
    );
    const creates = sent.filter((entry) => entry.kind === 'create');
    const booked = new Set(records.map((record) => record.business_key));
    expect(creates.filter((entry) => !booked.has(entry.key))).toEqual([]);
    expect(records).toHaveLength(creates.length);
    const updates = await sql<{ key: string; count: number }>(
      `SELECT body->'zusatzdaten'->>'businessKey' AS key, count(*)::int AS count FROM process_revision
       WHERE operation = 'update' GROUP BY 1`,
    );
    const updateCounts = new Map(updates.map((row) => [row.key, row.count]));
    const timesBooked = (entry: Sent) =>
      entry.kind === 'create' ? (booked.has(entry.key) ? 1 : 0) : (updateCounts.get(entry.key) ?? 0);
    expect(sent.filter((entry) => timesBooked(entry) !== 1)).toEqual([]);
    // The revisions of the journaled writes (the cut's, and those that came after it while entries still waited, to keep
    // the arrival order) say they came from the journal, and when they were received.
    const fromJournal = await sql<{ request_id: string }>(
      `SELECT request_id FROM process_revision WHERE request_id LIKE 'journal:%'`,
    );
    expect(fromJournal).toHaveLength(sent.filter((entry) => entry.journaled).length);
    for (const { request_id } of fromJournal) expect(request_id).toMatch(/^journal:\d+@\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    // The refusal of the cut reached the quarantine, with its answer.
    const quarantined = await sql<{ status: number; code: string; request_id: string }>(
      `SELECT status, code, request_id FROM refused_message`,
    );
    expect(quarantined).toEqual([
      { status: 422, code: 'REQUEST.COMMAND_MISMATCH', request_id: expect.stringMatching(/^journal:/) },
    ]);
    const readyAgain = await fetch(`${service.baseUrl}/health/ready`);
    expect(await readyAgain.json()).toMatchObject({ status: 'ok' });
    const figures = {
      writes: sent.length,
      duringCut: cut.length,
      updatesDuringCut: cut.filter((entry) => entry.kind === 'update').length,
      journaled: sent.filter((entry) => entry.journaled).length,
      non2xx: sent.filter((entry) => entry.status !== 200).length,
      journalEmptyAfterReturnMs: drainedAfterMs,
      lost: sent.filter((entry) => timesBooked(entry) === 0).length,
      bookedTwice: sent.filter((entry) => timesBooked(entry) > 1).length,
    };
    console.log(`database cut figures\n${JSON.stringify(figures, null, 2)}`);
  }, 120_000);

  it('should keep a MaloIdent answer too (201, its contract) and book it on its process once the database is back', async () => {
    const processKey = randomUUID();
    expect(
      (
        await postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(createSamples[0].body, processKey), {
          token,
        })
      ).status,
    ).toBe(200);
    await proxy.cut();
    const answer = await postJson(
      `${service.baseUrl}/updateProcessData`,
      {
        stammdaten: {
          MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192' }],
        },
        transaktionsdaten: {
          vorgangsnummer: randomUUID(),
          pruefidentifikator: '03002',
          absender: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000010' },
          empfaenger: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000003' },
        },
        zusatzdaten: { prozessId: randomUUID(), targetBusinessKey: processKey },
      },
      { token },
    );
    expect(answer).toMatchObject({
      status: 201,
      body: { journaled: true, businessKey: processKey, message: expect.any(String) },
    });
    await proxy.restore();
    for (let waited = 0; (await journal())['entries'] !== 0; waited += 50) {
      expect(waited).toBeLessThan(60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const revisions = await sql<{ pruefidentifikator: string; request_id: string }>(
      `SELECT v.pruefidentifikator, v.request_id FROM process_revision v JOIN process_record r ON r.id = v.record_id
       WHERE r.business_key = $1 ORDER BY v.revision`,
      [processKey],
    );
    expect(revisions).toEqual([
      { pruefidentifikator: expect.any(String), request_id: expect.not.stringMatching(/^journal:/) },
      { pruefidentifikator: '03002', request_id: expect.stringMatching(/^journal:/) },
    ]);
  }, 90_000);
});

/**
 * The last case: neither the database nor the journal can take a write. A 503 would be a message lost (the middleware
 * never retries one); the connection is closed instead, which it retries up to three times.
 */
describe('LF service: a write neither the database nor a full journal can take', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let service: TestService;
  const token = mintTestToken({ roles: ['LF'] });
  const sample = loadSamples({ role: 'LF', operation: 'create' })[0].body;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url);
    service = await startTestService(composeService(LF_SERVICE), proxy.url, {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      JOURNAL_MAX_BYTES: String(64 * 1024),
      LOG_LEVEL: 'silent',
      TRIGGER_POLL_INTERVAL_MS: '60000',
    });
  });

  afterAll(async () => {
    await service?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('should close the connection without an answer, take the retry once there is room, and leave the balancer meanwhile', async () => {
    await proxy.cut();
    const keys: string[] = [];
    let withheld: { key: string; body: Item; error: unknown } | undefined;
    while (!withheld) {
      const key = randomUUID();
      const body = withBusinessKey(sample, key);
      try {
        const answer = await postJson(`${service.baseUrl}/createProcessData`, body, { token });
        expect(answer).toMatchObject({ status: 200, body: { journaled: true, businessKey: key } });
        keys.push(key);
      } catch (error) {
        withheld = { key, body, error };
      }
      expect(keys.length).toBeLessThan(200);
    }
    // fetch saw the connection close: what the middleware retries.
    expect(String((withheld.error as Error).cause ?? withheld.error)).toMatch(/other side closed|socket|terminated/i);
    expect((await fetch(`${service.baseUrl}/health/ready`)).status).toBe(503);

    // The middleware's retry, once the database is back, is booked; so is everything the journal had.
    await proxy.restore();
    const retry = await postJson(`${service.baseUrl}/createProcessData`, withheld.body, { token });
    expect(retry.status).toBe(200);
    expect(retry.body['businessKey']).toBe(withheld.key);
    const booked = await withClient(database.url, async (client) => {
      for (let waited = 0; waited < 60_000; waited += 250) {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM process_record WHERE business_key = ANY($1)`,
          [[...keys, withheld?.key]],
        );
        if (rows[0].n === keys.length + 1) return rows[0].n;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return -1;
    });
    expect(booked).toBe(keys.length + 1);
  }, 120_000);
});

/**
 * Two instances on one database, each with its own journal: an update reaches the instance that has the database
 * while its process waits in the other's journal. It waits in the quarantine and is booked once the process arrives.
 */
describe('LF instances: an update whose process is in the other instance’s journal', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let cutOff: TestService;
  let connected: TestService;
  const token = mintTestToken({ roles: ['LF'] });
  const createSample = loadSamples({ role: 'LF', operation: 'create' })[0].body;
  const updateSample = loadSamples({ role: 'LF', operation: 'update' })[0].body;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startDatabaseProxy(database.url);
    const env = { DATABASE_CONNECT_TIMEOUT_MS: '1000', LOG_LEVEL: 'silent', TRIGGER_POLL_INTERVAL_MS: '60000' };
    cutOff = await startTestService(composeService(LF_SERVICE), proxy.url, env);
    connected = await startTestService(composeService(LF_SERVICE), database.url, env);
  });

  afterAll(async () => {
    await cutOff?.close();
    await connected?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('should book it right after the other instance replays the create', async () => {
    await proxy.cut();
    const processKey = randomUUID();
    const create = await postJson(`${cutOff.baseUrl}/createProcessData`, withBusinessKey(createSample, processKey), {
      token,
    });
    expect(create.body).toMatchObject({ journaled: true, businessKey: processKey });
    const update = withBusinessKey(updateSample, randomUUID());
    update['zusatzdaten'] = { ...(update['zusatzdaten'] as Item), targetBusinessKey: processKey };
    const early = await postJson(`${connected.baseUrl}/updateProcessData`, update, { token });
    expect(early).toMatchObject({ status: 422, body: { code: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN' } });

    await proxy.restore();
    const restoredAt = Date.now();
    const state = async () =>
      (
        await withClient(database.url, (client) =>
          client.query<{ state: string }>(
            `SELECT state FROM refused_message WHERE code = 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN'`,
          ),
        )
      ).rows.map((row) => row.state);
    while ((await state())[0] !== 'resolved') {
      // Well before the quarantine's minute sweep: the replaying instance sweeps when its journal is empty.
      expect(Date.now() - restoredAt).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const revisions = await withClient(database.url, (client) =>
      client.query<{ revision: number; request_id: string }>(
        `SELECT v.revision, v.request_id FROM process_revision v JOIN process_record r ON r.id = v.record_id
         WHERE r.business_key = $1 ORDER BY v.revision`,
        [processKey],
      ),
    );
    expect(revisions.rows).toEqual([
      { revision: 1, request_id: expect.stringMatching(/^journal:1@/) },
      { revision: 2, request_id: expect.stringMatching(/^refused:/) },
    ]);
  }, 60_000);
});
