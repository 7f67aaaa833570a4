import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '@maco/database';
import {
  expectNoOrphanRows,
  loadSamples,
  mintTestToken,
  startTestService,
  type TestService,
  withBusinessKey,
  withClient,
} from '@maco/testing';
import { serviceModule } from '../service-module';

/**
 * The service under load while its PostgreSQL goes away and comes back. The database is a throw-away cluster of
 * this suite's own (outage-postgres.js, in a child process): the shared server on 5432 is never touched.
 */

const CONNECT_TIMEOUT_MS = 1_000;
/** No request may take longer than the connect timeout and this margin (statements, pool wait, HTTP). */
const LATENCY_MARGIN_MS = 1_500;
const WORKERS = 12;
const LOAD_BEFORE_MS = 1_000;
const OUTAGE_MS = 2_500;
const LOAD_AFTER_MS = 1_500;
/** What a middleware does after a failure: wait a moment before the next message (a tight loop would only heat the CPU). */
const BACKOFF_AFTER_FAILURE_MS = 50;

type Message =
  | { type: 'ready'; url: string }
  | { type: 'stopped' | 'started'; at: number }
  | { type: 'exited' }
  | { type: 'error'; command: string; message: string; log: string[] };

/** The child process that owns the cluster, spoken to over IPC. */
class OutagePostgres {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<OutagePostgres> {
    const port = await freePort();
    const child = fork(join(__dirname, 'outage-postgres.js'), [String(port)], {
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const ready = await OutagePostgres.next(child, 'ready', 60_000);
    return new OutagePostgres(child, (ready as { url: string }).url);
  }

  async stop(): Promise<number> {
    this.child.send('stop');
    return ((await OutagePostgres.next(this.child, 'stopped', 20_000)) as { at: number }).at;
  }

  async start(): Promise<number> {
    this.child.send('start');
    return ((await OutagePostgres.next(this.child, 'started', 20_000)) as { at: number }).at;
  }

  async exit(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send('exit');
    const timer = setTimeout(() => this.child.kill('SIGTERM'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  private static next(child: ChildProcess, type: Message['type'], timeoutMs: number): Promise<Message> {
    return new Promise((resolve, reject) => {
      const done = (error?: Error, message?: Message) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(message as Message);
      };
      const onMessage = (message: Message) => {
        if (message.type === 'error')
          done(new Error(`outage-postgres ${message.command}: ${message.message}\n${message.log.join('\n')}`));
        else if (message.type === type) done(undefined, message);
      };
      const onExit = (code: number | null) =>
        done(new Error(`outage-postgres exited (${code}) while waiting for '${type}'`));
      const timer = setTimeout(
        () => done(new Error(`outage-postgres: no '${type}' within ${timeoutMs} ms`)),
        timeoutMs,
      );
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }
}

/** Log lines of the service, counted by level; nothing printed. */
class LogSink {
  readonly levels = new Map<number, number>();
  readonly samples: string[] = [];
  write(line: string): void {
    const level = (JSON.parse(line) as { level: number }).level;
    this.levels.set(level, (this.levels.get(level) ?? 0) + 1);
    if (this.samples.length < 5) this.samples.push(line);
  }
}

interface Outcome {
  operation: 'create' | 'update';
  key: string;
  requestId: string;
  body: Record<string, unknown>;
  startedAt: number;
  latencyMs: number;
  /** 0: no HTTP answer (connection error or our abort). */
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  answer: Record<string, unknown>;
}

describe('LF service while its database goes away and comes back', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const logs = new LogSink();
  const createSample = loadSamples({ role: 'LF', operation: 'create' }).find((s) => s.pruefidentifikator === '55001');
  const updateSample = loadSamples({ role: 'LF', operation: 'update' }).find((s) => s.pruefidentifikator === '55003');
  let postgres: OutagePostgres | undefined;
  let service: TestService | undefined;

  beforeAll(async () => {
    postgres = await OutagePostgres.start();
    service = await startTestService(serviceModule('LF', { logging: { destination: logs } }), postgres.url, {
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      DATABASE_POOL_SIZE: '10',
      RATE_LIMIT: '0',
    });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await postgres?.exit();
  }, 30_000);

  const started = (): { postgres: OutagePostgres; service: TestService } => {
    if (!postgres || !service) throw new Error('the database or the service did not start');
    return { postgres, service };
  };

  const post = async (
    operation: 'create' | 'update',
    key: string,
    body: Record<string, unknown>,
    requestId: string,
  ): Promise<Outcome> => {
    const path = operation === 'create' ? '/createProcessData' : '/updateProcessData';
    const startedAt = Date.now();
    let status = 0;
    let contentType: string | null = null;
    let retryAfter: string | null = null;
    let answer: Record<string, unknown> = {};
    try {
      const response = await fetch(started().service.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': requestId },
        body: JSON.stringify(body),
        // Far past the bound: a hanging request is recorded as such instead of stalling the suite.
        signal: AbortSignal.timeout(4 * (CONNECT_TIMEOUT_MS + LATENCY_MARGIN_MS)),
      });
      status = response.status;
      contentType = response.headers.get('content-type');
      retryAfter = response.headers.get('retry-after');
      const text = await response.text();
      answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch (error) {
      answer = { transportError: String(error) };
    }
    return {
      operation,
      key,
      requestId,
      body,
      startedAt,
      latencyMs: Date.now() - startedAt,
      status,
      contentType,
      retryAfter,
      answer,
    };
  };

  const readiness = async () => {
    const response = await fetch(`${started().service.baseUrl}/health/ready`, { signal: AbortSignal.timeout(10_000) });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  it('should answer every write 2xx while the database is down (the journal keeps them), lose nothing, and book each once when it is back', async () => {
    if (!createSample || !updateSample) throw new Error('samples lf-create-55001 and lf-update-55003 are required');
    const database = started().postgres;
    const outcomes: Outcome[] = [];
    let loadEndsAt = Number.POSITIVE_INFINITY;
    let sequence = 0;

    const createBody = (key: string) => withBusinessKey(createSample.body, key);
    // Each update differs (its document number), so every one books a revision instead of being a replay.
    const updateBody = (key: string) => {
      const body = withBusinessKey(updateSample.body, key);
      (body['transaktionsdaten'] as Record<string, unknown>)['dokumentennummer'] = `OUTAGE${++sequence}`;
      return body;
    };

    const worker = async (index: number) => {
      const booked: string[] = [];
      for (let n = 0; Date.now() < loadEndsAt; n++) {
        const update = booked.length > 0 && n % 2 === 1;
        const key = update ? booked[n % booked.length] : randomUUID();
        const outcome = update
          ? await post('update', key, updateBody(key), `outage-${index}-${n}`)
          : await post('create', key, createBody(key), `outage-${index}-${n}`);
        outcomes.push(outcome);
        // A journaled create is a process the next updates may name (booked after it, in arrival order).
        if (outcome.status === 200 && !update) booked.push(key);
        if (outcome.status !== 200) await sleep(BACKOFF_AFTER_FAILURE_MS);
      }
    };

    // The load, and while it runs: the database stops, stays away, and comes back.
    const loadStartedAt = Date.now();
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    await sleep(LOAD_BEFORE_MS);
    const stopRequestedAt = Date.now();
    const stoppedAt = await database.stop();
    await sleep(OUTAGE_MS / 2);
    const readyDuringOutage = await readiness();
    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
    const startedAt = await database.start();
    loadEndsAt = Date.now() + LOAD_AFTER_MS;
    await load;
    const drainedInMs = await journalDrained(started().service.baseUrl, startedAt);
    const readyAfter = await readiness();

    const during = outcomes.filter((o) => o.startedAt >= stopRequestedAt && o.startedAt < startedAt);
    const after = outcomes.filter((o) => o.startedAt >= startedAt);
    const ok = outcomes.filter((o) => o.status === 200);
    const journaled = ok.filter((o) => o.answer['journaled'] === true);
    const bound = CONNECT_TIMEOUT_MS + LATENCY_MARGIN_MS;

    // Every write is answered 200: booked, or kept in the journal while the database is away; none took longer than
    // the bound.
    expect(outcomes.filter((o) => o.status !== 200).map((o) => ({ status: o.status, answer: o.answer }))).toEqual([]);
    expect(journaled.length).toBeGreaterThan(0);
    expect(journaled.every((o) => o.startedAt >= stopRequestedAt - bound)).toBe(true);
    for (const o of journaled) expect(o.answer).toMatchObject({ journaled: true, businessKey: o.key });
    const maxLatency = Math.max(...outcomes.map((o) => o.latencyMs));
    expect(maxLatency).toBeLessThanOrEqual(bound);

    // Readiness: degraded but ready while the journal takes the writes, ok again after.
    expect(readyDuringOutage.status).toBe(200);
    expect(readyDuringOutage.body).toMatchObject({ status: 'degraded', detail: 'database unavailable, journaling' });
    expect(readyAfter.status).toBe(200);
    expect(readyAfter.body).toMatchObject({ status: 'ok' });

    // The same process books again once the database is back: no restart, no stale connection.
    expect(ok.filter((o) => o.startedAt < stopRequestedAt && o.answer['journaled'] !== true).length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);

    // The database holds every write exactly once, whole: those booked at once under their request id, the journaled
    // ones under `journal:<entry>@<received at>`.
    const stored = await storedState(database.url);
    expect(stored.partial).toEqual([]);
    const found = ok.map((o) => {
      const rows = stored.writes.filter((row) =>
        o.operation === 'create'
          ? row.operation === 'create' && row.businessKey === o.key
          : row.operation === 'update' &&
            row.dokumentennummer === (o.body['transaktionsdaten'] as Record<string, unknown>)['dokumentennummer'],
      );
      return { requestId: o.requestId, journaled: o.answer['journaled'] === true, rows };
    });
    expect(
      found.filter((f) => f.rows.length !== 1).map((f) => ({ requestId: f.requestId, stored: f.rows.length })),
    ).toEqual([]);
    expect(
      found.filter((f) =>
        f.journaled ? !f.rows[0].requestId.startsWith('journal:') : f.rows[0].requestId !== f.requestId,
      ),
    ).toEqual([]);
    expect(stored.writes.length).toBe(ok.length);

    const figures = {
      workers: WORKERS,
      requestsSent: outcomes.length,
      ok200: ok.length,
      journaled: journaled.length,
      non2xx: outcomes.filter((o) => o.status !== 200).length,
      outageMs: startedAt - stopRequestedAt,
      requestsDuringOutage: during.length,
      maxLatencyDuringOutageMs: Math.max(0, ...during.map((o) => o.latencyMs)),
      maxLatencyMs: maxLatency,
      latencyBoundMs: bound,
      journalDrainedAfterRestartMs: drainedInMs,
      recordsInDatabase: stored.records,
      revisionsInDatabase: stored.writes.length,
      partialRows: stored.partial.length,
      lost: found.filter((f) => f.rows.length === 0).length,
      bookedTwice: found.filter((f) => f.rows.length > 1).length,
      loadMs: Date.now() - loadStartedAt,
      serviceLogLines: Object.fromEntries(logs.levels),
    };
    console.log(`database outage figures\n${JSON.stringify(figures, null, 2)}`);
  }, 60_000);

  it('should leave no revision or update hash without its record (no foreign key checks it: the statements do)', async () => {
    await expectNoOrphanRows(started().postgres.url);
  });
});

interface StoredState {
  records: number;
  /** Every revision with what identifies its write (a create's key, an update's document number). */
  writes: {
    requestId: string;
    businessKey: string;
    revision: number;
    operation: string;
    dokumentennummer: string | null;
  }[];
  /** Records whose revisions do not add up: missing first revision, gaps, a count other than the record's revision. */
  partial: unknown[];
}

async function storedState(url: string): Promise<StoredState> {
  return withClient(url, async (client) => {
    const records = await client.query<{
      business_key: string;
      revision: number;
      revisions: number;
      max_revision: number;
      has_create: boolean;
      current_doc: string | null;
      last_doc: string | null;
    }>(`
      SELECT r.business_key, r.revision, count(v.*)::int AS revisions, coalesce(max(v.revision), 0)::int AS max_revision,
             coalesce(bool_or(v.revision = 1 AND v.operation = 'create'), false) AS has_create,
             COALESCE(r.current, first.body)->'transaktionsdaten'->>'dokumentennummer' AS current_doc,
             (SELECT l.body->'transaktionsdaten'->>'dokumentennummer' FROM process_revision l
              WHERE l.record_id = r.id ORDER BY l.revision DESC LIMIT 1) AS last_doc
      FROM process_record r
      LEFT JOIN process_revision v ON v.record_id = r.id
      LEFT JOIN process_revision first ON first.record_id = r.id AND first.revision = 1
      WHERE r.role = 'LF'
      GROUP BY r.id, first.body`);
    const orphans = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM process_revision v LEFT JOIN process_record r ON r.id = v.record_id WHERE r.id IS NULL',
    );
    const rows = await client.query<{
      request_id: string;
      business_key: string;
      revision: number;
      operation: string;
      dokumentennummer: string | null;
    }>(`
      SELECT v.request_id, r.business_key, v.revision, v.operation, v.body->'transaktionsdaten'->>'dokumentennummer' AS dokumentennummer
      FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.role = 'LF'`);
    const partial: unknown[] = records.rows.filter(
      (r) =>
        !r.has_create || r.revisions !== r.revision || r.max_revision !== r.revision || r.current_doc !== r.last_doc,
    );
    if (orphans.rows[0].count > 0) partial.push({ orphanRevisions: orphans.rows[0].count });
    return {
      records: records.rows.length,
      writes: rows.rows.map((r) => ({
        requestId: r.request_id,
        businessKey: r.business_key,
        revision: r.revision,
        operation: r.operation,
        dokumentennummer: r.dokumentennummer,
      })),
      partial,
    };
  });
}

/** Waits until the service's write journal is empty; answers how long after `since` that was. */
async function journalDrained(baseUrl: string, since: number): Promise<number> {
  const operator = mintTestToken({ roles: ['OPERATOR'] });
  for (;;) {
    const usage = (await (
      await fetch(`${baseUrl}/journal`, { headers: { authorization: `Bearer ${operator}` } })
    ).json()) as { entries: number };
    if (usage.entries === 0) return Date.now() - since;
    if (Date.now() - since > 60_000) throw new Error(`the journal still holds ${usage.entries} entries after a minute`);
    await sleep(100);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
