import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  addMonths,
  ensureRevisionPartitions,
  monthOf,
  monthsBetween,
  PARTITION_MONTHS_AHEAD,
  PartitionMaintenance,
  revisionPartitionName,
  revisionPartitions,
} from '@maco/database';
import {
  createTestDatabase,
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
import { withDokumentennummer, withMarktlokationField } from './load';

/**
 * Growth (docs/reliability.md, "Growth: partitions and retention"): revisions in monthly partitions, created ahead by
 * the service; a repeated update is a replay whatever month the original went to; retention exports and drops old
 * months and a process whose first revision left with them still reads and takes updates.
 */
describe('LF service with monthly revision partitions and retention', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const exportDir = mkdtempSync(join(tmpdir(), 'maco-growth-'));
  const current = monthOf(new Date());
  const twoMonthsBack = addMonths(current, -2);
  let database: TestDatabase;
  let services: TestService[] = [];
  /** The process of the cross-month replay: its revisions 1 and 2 lie two months back. */
  let crossMonth = '';
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);

  const createSample = loadSamples({ role: 'LF', operation: 'create' })[0].body;
  const updateSample = loadSamples({ role: 'LF', operation: 'update' })[0].body;
  const create = (businessKey: string) =>
    postJson(`${services[0].baseUrl}/createProcessData`, withBusinessKey(createSample, businessKey), { token });
  const updateBody = (businessKey: string, n: number) =>
    withMarktlokationField(
      withDokumentennummer(withBusinessKey(updateSample, businessKey), `GROWTH-${n}`),
      `growth${n}`,
      n,
    );
  const update = (service: TestService, body: Record<string, unknown>) =>
    postJson(`${service.baseUrl}/updateProcessData`, body, { token });
  /** Moves a process's revisions (all, or the given ones) into the middle of an earlier month, as if booked then. */
  // The record's times move along (a process booked then was created then): every revision lies between them.
  const moveToMonth = (businessKey: string, month: { year: number; month: number }, revisions?: number[]) =>
    sql(
      `WITH moved AS (
         UPDATE process_revision v SET received_at = make_timestamptz($2, $3, 15, 12, 0, 0, 'UTC')
         FROM process_record r WHERE r.id = v.record_id AND r.business_key = $1 AND ($4::int[] IS NULL OR v.revision = ANY($4))
         RETURNING v.record_id, v.received_at
       )
       UPDATE process_record r SET created_at = LEAST(r.created_at, m.first), updated_at = GREATEST(r.updated_at, m.last)
       FROM (SELECT record_id, min(received_at) AS first, max(received_at) AS last FROM moved GROUP BY record_id) m WHERE r.id = m.record_id`,
      [businessKey, month.year, month.month, revisions ?? null],
    );
  const partitionsOf = (businessKey: string) =>
    sql<{ revision: number; partition: string }>(
      `SELECT v.revision, v.tableoid::regclass::text AS partition FROM process_revision v JOIN process_record r ON r.id = v.record_id
       WHERE r.business_key = $1 ORDER BY 1`,
      [businessKey],
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances start at the same moment on a fresh database: migrations and partitions under their locks.
    const env = {
      DEFAULT_RELEASE: '04/26',
      LOG_LEVEL: 'error',
      RETENTION_MONTHS: '1',
      RETENTION_EXPORT_DIR: exportDir,
    };
    services = await Promise.all([0, 1].map(() => startTestService(serviceModule('LF'), database.url, env)));
  });
  afterAll(async () => {
    for (const service of services) await service.close();
    await database?.drop();
  });

  it('should have created the partitions of this month and the 12 ahead at start, once, with two instances', async () => {
    const partitions = await withClient(database.url, revisionPartitions);
    expect(partitions).toEqual(
      monthsBetween(current, addMonths(current, PARTITION_MONTHS_AHEAD)).map(revisionPartitionName),
    );
    // The daily run changes nothing when they are there.
    await Promise.all(services.map((service) => service.app.get(PartitionMaintenance).run()));
    expect(await withClient(database.url, revisionPartitions)).toEqual(partitions);
  });

  it('should book a process across two months and treat an update repeated in a later month as a replay', async () => {
    await withClient(database.url, (client) => ensureRevisionPartitions(client, { from: addMonths(current, -3) }));
    const businessKey = (crossMonth = randomUUID());
    expect((await create(businessKey)).status).toBe(200);
    await moveToMonth(businessKey, twoMonthsBack);
    const first = updateBody(businessKey, 1);
    const booked = await update(services[0], first);
    expect([booked.status, booked.body]).toEqual([200, expect.objectContaining({ revision: 2, replayed: false })]);
    expect(await partitionsOf(businessKey)).toEqual([
      { revision: 1, partition: revisionPartitionName(twoMonthsBack) },
      { revision: 2, partition: revisionPartitionName(current) },
    ]);
    // The update's revision goes back two months too: its copy now arrives in a later month than the original.
    await moveToMonth(businessKey, twoMonthsBack, [2]);
    const second = await update(services[1], updateBody(businessKey, 2));
    expect(second.body).toMatchObject({ revision: 3, replayed: false });
    const replay = await update(services[1], first);
    expect([replay.status, replay.body]).toEqual([200, expect.objectContaining({ revision: 2, replayed: true })]);
    expect((await partitionsOf(businessKey)).map((row) => row.revision)).toEqual([1, 2, 3]);
  });

  it('should export and drop old months, delete old inactive processes, and keep reading and updating a process that lost revision 1', async () => {
    // An active process: created two months ago (revision 1 back then), updated now.
    const active = randomUUID();
    expect((await create(active)).status).toBe(200);
    const activeUpdate = updateBody(active, 10);
    expect((await update(services[0], activeUpdate)).body).toMatchObject({ revision: 2 });
    await moveToMonth(active, twoMonthsBack, [1]);
    // An inactive one: created and last changed two months ago.
    const inactive = randomUUID();
    expect((await create(inactive)).status).toBe(200);
    await moveToMonth(inactive, twoMonthsBack);
    await sql(
      `UPDATE process_record SET updated_at = make_timestamptz($2, $3, 15, 12, 0, 0, 'UTC') WHERE business_key = $1`,
      [inactive, twoMonthsBack.year, twoMonthsBack.month],
    );
    const expiring = await sql<{ line: string }>(
      `SELECT row_to_json(v)::text AS line FROM ${revisionPartitionName(twoMonthsBack)} v`,
    );
    const stateBefore = (
      await sql<{ current: unknown }>(`SELECT current FROM process_state WHERE business_key = $1`, [active])
    )[0].current;

    await services[0].app.get(PartitionMaintenance).run();

    // RETENTION_MONTHS=1: every month before last month is gone, exported first.
    const partitions = await withClient(database.url, revisionPartitions);
    expect(partitions[0]).toBe(revisionPartitionName(addMonths(current, -1)));
    const file = join(exportDir, `${revisionPartitionName(twoMonthsBack)}.ndjson.gz`);
    const exported = gunzipSync(readFileSync(file))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(exported).toHaveLength(expiring.length);
    expect(exported).toEqual(expect.arrayContaining(expiring.map((row) => JSON.parse(row.line))));
    expect(await sql(`SELECT 1 FROM process_record WHERE business_key = $1`, [inactive])).toEqual([]);

    // The active process reads: its state as before, the revision that is left.
    const read = await fetch(`${services[1].baseUrl}/processes/${active}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
    const view = (await read.json()) as { current: unknown; revisions: { revision: number }[] };
    expect(view.current).toEqual(stateBefore);
    expect(view.revisions.map((r) => r.revision)).toEqual([2]);
    expect(
      (await fetch(`${services[1].baseUrl}/processes/${inactive}`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(404);

    // … takes an update, and still knows its earlier one as a replay.
    const next = await update(services[1], updateBody(active, 11));
    expect([next.status, next.body]).toEqual([200, expect.objectContaining({ revision: 3, replayed: false })]);
    expect((await update(services[0], activeUpdate)).body).toMatchObject({ revision: 2, replayed: true });
    // The process of the previous test lost revisions 1 and 2 with that month: its update is still a replay.
    expect((await partitionsOf(crossMonth)).map((row) => row.revision)).toEqual([3]);
    expect((await update(services[0], updateBody(crossMonth, 1))).body).toMatchObject({ revision: 2, replayed: true });
  });
});
