/**
 * The tamper-evident archive: every revision the service books carries a hash over its content and its process's
 * previous hash; `verifyArchive` (`npm run verify-archive`) walks the chains and reports every break with its process
 * and revision — an altered body or findings, a deleted revision, a record naming another head — and the retention's
 * exports carry the hashes, so a chain is verified across the months retention took away.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { addMonths, applyRetention, ensureRevisionPartitions, monthOf, verifyArchive } from '@maco/database';
import {
  INSERT_RECORDS_WITH_REVISIONS,
  INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES,
  UPDATE_RECORD_WITH_REVISION,
  UPDATE_RECORD_WITH_REVISION_AND_DEADLINES,
} from '@maco/process-store';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  genericPlanOf,
  hashesInPlan,
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  type TestDatabase,
  type TestService,
  withBusinessKey,
  withClient,
  workspaceRoot,
} from '@maco/testing';

const token = mintTestToken();
const createSample = loadSamples({ role: 'LF', operation: 'create' })[0].body;
const updateSample = loadSamples({ role: 'LF', operation: 'update' })[0].body;

describe('the archive’s hash chains', () => {
  let database: TestDatabase;
  let service: TestService;
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const verify = (options: Parameters<typeof verifyArchive>[1] = {}) =>
    withClient(database.url, (client) => verifyArchive(client, options));
  /** A process with `updates` updates after its create, each with a body of its own. */
  const book = async (businessKey: string, updates: number) => {
    expect(
      (await postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(createSample, businessKey), { token }))
        .status,
    ).toBe(200);
    for (let n = 1; n <= updates; n++) {
      const body = withBusinessKey(updateSample, businessKey) as Record<string, unknown>;
      const answer = await postJson(
        `${service.baseUrl}/updateProcessData`,
        { ...body, transaktionsdaten: { ...(body['transaktionsdaten'] as object), dokumentennummer: `CHAIN-${n}` } },
        { token },
      );
      expect(answer.status).toBe(200);
    }
  };
  const keys = {
    altered: 'chain-altered',
    deleted: 'chain-deleted',
    tail: 'chain-tail',
    subject: 'chain-subject',
    intact: 'chain-intact',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(composeService(LF_SERVICE), database.url);
    for (const key of Object.values(keys)) await book(key, 2);
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should find every chain whole as booked', async () => {
    const outcome = await verify();
    expect(outcome).toMatchObject({ revisions: 15, processes: 5, breaks: [] });
  });

  // The body's hash is the chain's costliest step (jsonb's text form of the whole body): a plan that computes it for
  // the revision's column and again inside the chain hash doubles the chain's cost on the booking path.
  it.each([
    ['create batch', INSERT_RECORDS_WITH_REVISIONS],
    ['create batch with deadlines', INSERT_RECORDS_WITH_REVISIONS_AND_DEADLINES],
    ['update', UPDATE_RECORD_WITH_REVISION],
    ['update with deadlines', UPDATE_RECORD_WITH_REVISION_AND_DEADLINES],
  ])('should hash the body once in the %s statement', async (_name, statement) => {
    expect(hashesInPlan(await genericPlanOf(database.url, statement))).toEqual({ body: 1, chain: 1 });
  });

  it('should report each tampering the owner did, at its process and revision, and nothing else', async () => {
    const revisionOf = (key: string, revision: number) =>
      `FROM process_record r WHERE r.id = v.record_id AND r.business_key = '${key}' AND v.revision = ${revision}`;
    await sql(
      `UPDATE process_revision v SET body = jsonb_set(body, '{transaktionsdaten,dokumentennummer}', '"FORGED"') ${revisionOf(keys.altered, 2)}`,
    );
    await sql(
      `DELETE FROM process_revision v USING process_record r WHERE r.id = v.record_id AND r.business_key = '${keys.deleted}' AND v.revision = 2`,
    );
    await sql(
      `DELETE FROM process_revision v USING process_record r WHERE r.id = v.record_id AND r.business_key = '${keys.tail}' AND v.revision = 3`,
    );
    await sql(`UPDATE process_revision v SET token_subject = 'someone-else' ${revisionOf(keys.subject, 1)}`);

    const outcome = await verify();
    const found = outcome.breaks.map((each) => `${each.kind} ${each.process} ${each.revision}`).sort();
    expect(found).toEqual(
      [
        `altered LF/${keys.altered} 2`,
        `altered LF/${keys.deleted} 3`,
        `missing-revision LF/${keys.deleted} 3`,
        `altered LF/${keys.subject} 1`,
        `missing-revision LF/${keys.tail} 2`,
      ].sort(),
    );
  });

  it('should say so on the command line, with exit code 1', async () => {
    const run = promisify(execFile)(process.execPath, [
      join(workspaceRoot(), 'tools/archive/verify-archive.js'),
      '--url',
      database.url,
    ]);
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`BREAK altered LF/${keys.altered} revision 2 (database)`),
    });
  });
});

describe('the chains across retention', () => {
  let database: TestDatabase;
  let service: TestService;
  const exportDir = mkdtempSync(join(tmpdir(), 'maco-archive-'));
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(composeService(LF_SERVICE), database.url);
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should export the hashes and verify a chain from the export into the database', async () => {
    const businessKey = 'chain-across-retention';
    expect(
      (await postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(createSample, businessKey), { token }))
        .status,
    ).toBe(200);
    expect(
      (await postJson(`${service.baseUrl}/updateProcessData`, withBusinessKey(updateSample, businessKey), { token }))
        .status,
    ).toBe(200);
    // As if revision 1 had been booked three months ago: moved there, and its chain computed again as it was then.
    const threeBack = addMonths(monthOf(new Date()), -3);
    await withClient(database.url, (client) => ensureRevisionPartitions(client, { from: threeBack }));
    await sql(
      `UPDATE process_revision v SET received_at = make_timestamptz($2, $3, 15, 12, 0, 0, 'UTC')
       FROM process_record r WHERE r.id = v.record_id AND r.business_key = $1 AND v.revision = 1`,
      [businessKey, threeBack.year, threeBack.month],
    );
    await sql(
      `UPDATE process_record SET created_at = make_timestamptz($2, $3, 15, 12, 0, 0, 'UTC') WHERE business_key = $1`,
      [businessKey, threeBack.year, threeBack.month],
    );
    await sql(`
      WITH RECURSIVE ordered AS (
        SELECT v.*, row_number() OVER (ORDER BY v.revision) AS n FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = '${businessKey}'
      ),
      chain(n, hash) AS (
        SELECT 1::bigint, maco_revision_hash(NULL, o.record_id, o.revision, o.operation, o.pruefidentifikator, o.release, o.body_sha256, o.token_subject, o.request_id, o.findings, o.matched_by, o.received_at) FROM ordered o WHERE o.n = 1
        UNION ALL
        SELECT o.n, maco_revision_hash(c.hash, o.record_id, o.revision, o.operation, o.pruefidentifikator, o.release, o.body_sha256, o.token_subject, o.request_id, o.findings, o.matched_by, o.received_at)
        FROM chain c JOIN ordered o ON o.n = c.n + 1
      ),
      rechained AS (
        UPDATE process_revision v SET chain_hash = c.hash FROM chain c JOIN ordered o USING (n)
        WHERE v.record_id = o.record_id AND v.revision = o.revision RETURNING v.record_id, v.revision, v.chain_hash
      )
      UPDATE process_record r SET chain_hash = x.chain_hash FROM rechained x WHERE x.record_id = r.id AND x.revision = r.revision`);
    expect((await withClient(database.url, (client) => verifyArchive(client))).breaks).toEqual([]);

    const retained = await withClient(database.url, (client) => applyRetention(client, { months: 1, exportDir }));
    expect(retained.exported.reduce((sum, each) => sum + each.rows, 0)).toBe(1);

    const withoutExports = await withClient(database.url, (client) => verifyArchive(client));
    expect(withoutExports).toMatchObject({ revisions: 1, breaks: [], startingAfterRetention: 1 });
    const withExports = await withClient(database.url, (client) => verifyArchive(client, { exportsDir: exportDir }));
    expect(withExports).toMatchObject({ revisions: 1, exportedRevisions: 1, breaks: [], startingAfterRetention: 0 });

    // An exported body changed afterwards is found in its file, and the database's next revision no longer links.
    const [file] = readdirSync(exportDir).filter((name) => name.startsWith('process_revision_'));
    const lines = gunzipSync(readFileSync(join(exportDir, file))).toString('utf8');
    writeFileSync(
      join(exportDir, file),
      gzipSync(
        lines
          .replace('"boTyp"', '"boTyp" ')
          .replace(/"marktlokationsId": "(\d+)"/, '"marktlokationsId": "99999999999"'),
      ),
    );
    const tampered = await withClient(database.url, (client) => verifyArchive(client, { exportsDir: exportDir }));
    expect(tampered.breaks.map((each) => `${each.kind} ${each.revision} ${each.source}`)).toEqual([
      `altered 1 ${file}`,
    ]);
  });
});
