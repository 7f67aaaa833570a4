import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BO_READ_GROUP } from '@maco/bo-read';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  loadSamples,
  mintTestToken,
  postJson,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestService,
  useServicesOnOneDatabase,
  withBusinessKey,
  withClient,
} from '@maco/testing';

type Bo = Record<string, unknown>;
type Outcome = { imported: number; unchanged: number; refused: { pointer: string; message: string }[] };

const ROOT = join(__dirname, '..', '..', '..');
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
const maloId = () => `5${digits(10)}`;
const meloId = () => `DE${digits(31)}`;

/** A MaLo, its MeLo and its supply contract with fresh ids; unknown fields included. */
function locationObjects() {
  const malo = maloId();
  const melo = meloId();
  return {
    malo,
    melo,
    stammdaten: {
      MARKTLOKATION: [
        {
          boTyp: 'MARKTLOKATION',
          versionStruktur: '1',
          marktlokationsId: malo,
          sparte: 'STROM',
          ausDemAltsystem: { kundennummer: 'K-1', tags: [1, 'a', null] },
        },
      ],
      MESSLOKATION: [
        {
          boTyp: 'MESSLOKATION',
          versionStruktur: '1',
          messlokationsId: melo,
          referenzMarktlokationsId: malo,
          unbekannt: true,
        },
      ],
      ENERGIELIEFERVERTRAG: [
        {
          boTyp: 'VERTRAG',
          vertragsart: 'ENERGIELIEFERVERTRAG',
          vertragsnummer: `V-${digits(8)}`,
          lokationsId: malo,
          lokationsTyp: 'MALO',
          vertragsbeginn: '2024-01-01T00:00:00Z',
        },
      ],
    } as Record<string, Bo[]>,
  };
}

/**
 * The import of master data (`POST /masterData`, bo-read group) on the LF service as it ships, and the import CLI
 * (`tools/import/import-master-data.js`) against it: round trip, idempotency, refusals with pointers, supersession by a
 * later booking, roles.
 */
describe('import of master data (POST /masterData, npm run import)', () => {
  const tokens = { LF: mintTestToken({ roles: ['LF'] }), NB: mintTestToken({ roles: ['NB'] }) };
  let database: TestDatabase;
  let lf: TestService;
  let nb: TestService;

  const importMasterData = (service: TestService, token: string, body: unknown) =>
    postJson(`${service.baseUrl}/masterData`, body, { token });
  const read = async (path: string, query: Record<string, string>, service: TestService = lf, token = tokens.LF) => {
    const response = await fetch(`${service.baseUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as { stammdaten: Record<string, unknown[]> } };
  };
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const now = () => new Date().toISOString();

  // The LF service as it ships and an NB service with the read group, on one database.
  const shared = useServicesOnOneDatabase({
    lf: composeService(LF_SERVICE),
    nb: composeService({ role: 'NB', groups: [BO_READ_GROUP] }),
  });
  beforeAll(
    () =>
      ({
        database,
        services: { lf, nb },
      } = shared),
  );

  it('should read imported objects back as imported (deep equality, unknown fields included)', async () => {
    const { malo, melo, stammdaten } = locationObjects();
    const answer = await importMasterData(lf, tokens.LF, { stammdaten });
    expect([answer.status, answer.body]).toEqual([200, { imported: 3, unchanged: 0, refused: [] }]);

    const at = { parameter3: now() };
    expect((await read('/getMarketlocationBasic', { parameter1: malo, ...at })).body).toEqual({
      stammdaten: { MARKTLOKATION: stammdaten['MARKTLOKATION'] },
    });
    expect((await read('/getMeterLocationBasic', { parameter1: melo, ...at })).body).toEqual({
      stammdaten: { MESSLOKATION: stammdaten['MESSLOKATION'] },
    });
    expect(
      (await read('/getMeterLocationBasic', { parameter1: malo, parameter2: 'MALO', ...at })).body.stammdaten[
        'MESSLOKATION'
      ],
    ).toEqual(stammdaten['MESSLOKATION']);
    expect(
      (await read('/getEnergySupplyContractBasic', { parameter1: malo, ...at })).body.stammdaten[
        'ENERGIELIEFERVERTRAG'
      ],
    ).toEqual(stammdaten['ENERGIELIEFERVERTRAG']);
    // The contract's own validity: not yet in force before its start.
    expect(
      (await read('/getEnergySupplyContractBasic', { parameter1: malo, parameter3: '2023-12-31T23:59:59Z' })).body
        .stammdaten['ENERGIELIEFERVERTRAG'],
    ).toEqual([]);

    const rows = await sql<{ source: string; record_id: string | null; revision: number | null }>(
      `SELECT source, record_id, revision FROM business_object WHERE object_id = $1`,
      [malo],
    );
    expect(rows).toEqual([{ source: 'import', record_id: null, revision: null }]);
  });

  it('should change nothing when the same objects are imported again, and store only what changed', async () => {
    const { malo, stammdaten } = locationObjects();
    expect((await importMasterData(lf, tokens.LF, { stammdaten })).body).toEqual({
      imported: 3,
      unchanged: 0,
      refused: [],
    });
    const count = async () =>
      (
        await sql<{ n: number }>(`SELECT count(*)::int AS n FROM business_object WHERE $1 = ANY(locations)`, [
          `MALO:${malo}`,
        ])
      )[0].n;
    const before = await count();

    expect((await importMasterData(lf, tokens.LF, { stammdaten })).body).toEqual({
      imported: 0,
      unchanged: 3,
      refused: [],
    });
    expect(await count()).toBe(before);

    const changed = structuredClone(stammdaten);
    changed['MARKTLOKATION'][0]['sparte'] = 'GAS';
    expect((await importMasterData(lf, tokens.LF, { stammdaten: changed })).body).toEqual({
      imported: 1,
      unchanged: 2,
      refused: [],
    });
    expect(await count()).toBe(before + 1);
    expect(
      (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() })).body.stammdaten['MARKTLOKATION'],
    ).toEqual(changed['MARKTLOKATION']);
  });

  it('should refuse objects the rules cannot describe with pointers, and import the others', async () => {
    const { malo, stammdaten } = locationObjects();
    const body = {
      stammdaten: {
        MARKTLOKATION: [
          { boTyp: 'MARKTLOKATION', sparte: 'STROM' },
          ...stammdaten['MARKTLOKATION'],
          'kein Objekt',
          { marktlokationsId: 'x'.repeat(200) },
        ],
        MESSLOKATION: stammdaten['MESSLOKATION'],
        GESCHAEFTSPARTNER: [{ boTyp: 'GESCHAEFTSPARTNER', name1: 'X' }],
        'A/B': [{}],
      },
    };
    const answer = await importMasterData(lf, tokens.LF, body);
    expect(answer.status).toBe(200);
    const outcome = answer.body as unknown as Outcome;
    expect([outcome.imported, outcome.unchanged]).toEqual([2, 0]);
    expect(outcome.refused.map((refusal) => refusal.pointer)).toEqual([
      '#/stammdaten/MARKTLOKATION/0',
      '#/stammdaten/MARKTLOKATION/2',
      '#/stammdaten/MARKTLOKATION/3',
      '#/stammdaten/GESCHAEFTSPARTNER/0',
      '#/stammdaten/A~1B/0',
    ]);
    expect(outcome.refused[0].message).toContain('marktlokationsId');
    expect(outcome.refused[3].message).toContain('unknown kind GESCHAEFTSPARTNER');
    expect(
      (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() })).body.stammdaten['MARKTLOKATION'],
    ).toEqual(stammdaten['MARKTLOKATION']);

    // The same id twice in one request: the second is refused, pointing at the first.
    const twice = await importMasterData(lf, tokens.LF, {
      stammdaten: {
        MARKTLOKATION: [...stammdaten['MARKTLOKATION'], { ...stammdaten['MARKTLOKATION'][0], sparte: 'GAS' }],
      },
    });
    expect(twice.body).toEqual({
      imported: 0,
      unchanged: 1,
      refused: [
        { pointer: '#/stammdaten/MARKTLOKATION/1', message: expect.stringContaining('#/stammdaten/MARKTLOKATION/0') },
      ],
    });

    // Not the shape at all: 422 problem details.
    for (const malformed of [{}, { stammdaten: [] }, [], { stammdaten: 'x' }]) {
      const refused = await importMasterData(lf, tokens.LF, malformed);
      expect([refused.status, refused.body['code'], refused.body.errors]).toEqual([
        422,
        'BO_READ.IMPORT_MALFORMED',
        [{ pointer: '#/stammdaten', message: expect.any(String) }],
      ]);
    }
  });

  it('should let a later booking of the same object supersede the imported version, and not re-import over it', async () => {
    const sample = loadSamples().find((candidate) => candidate.file.endsWith('lf-create-55001.json'));
    if (!sample) throw new Error('sample lf-create-55001.json missing');
    const malo = maloId();
    const booked = JSON.parse(JSON.stringify(sample.body).replaceAll('50074561192', malo)) as {
      stammdaten: Record<string, Bo[]>;
    };
    const imported = { ...booked.stammdaten['MARKTLOKATION'][0], ausDemAltsystem: 'importiert' };

    expect((await importMasterData(lf, tokens.LF, { stammdaten: { MARKTLOKATION: [imported] } })).body).toEqual({
      imported: 1,
      unchanged: 0,
      refused: [],
    });
    const beforeBooking = now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      (await postJson(`${lf.baseUrl}/createProcessData`, withBusinessKey(booked), { token: tokens.LF })).status,
    ).toBe(200);

    // The booked version (no validity of its own) is in force from the booking on; the imported one before it.
    expect(
      (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() })).body.stammdaten['MARKTLOKATION'],
    ).toEqual(booked.stammdaten['MARKTLOKATION']);
    expect(
      (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: beforeBooking })).body.stammdaten[
        'MARKTLOKATION'
      ],
    ).toEqual([imported]);
    const sources = await sql<{ source: string }>(
      `SELECT source FROM business_object WHERE kind = 'MARKTLOKATION' AND object_id = $1 ORDER BY id`,
      [malo],
    );
    expect(sources.map((row) => row.source)).toEqual(['import', 'booking']);

    // Importing the booked form again changes nothing: it equals the latest version.
    expect(
      (await importMasterData(lf, tokens.LF, { stammdaten: { MARKTLOKATION: booked.stammdaten['MARKTLOKATION'] } }))
        .body,
    ).toEqual({ imported: 0, unchanged: 1, refused: [] });
  });

  it('should keep each role’s import to itself', async () => {
    const { malo, stammdaten } = locationObjects();
    expect((await importMasterData(nb, tokens.NB, { stammdaten })).body).toEqual({
      imported: 3,
      unchanged: 0,
      refused: [],
    });
    expect(
      (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() }, nb, tokens.NB)).body.stammdaten[
        'MARKTLOKATION'
      ],
    ).toEqual(stammdaten['MARKTLOKATION']);
    expect(
      (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() })).body.stammdaten['MARKTLOKATION'],
    ).toEqual([]);
    // The LF import of the same objects is a first version for LF, not "unchanged".
    expect((await importMasterData(lf, tokens.LF, { stammdaten })).body).toEqual({
      imported: 3,
      unchanged: 0,
      refused: [],
    });
    // A token without the service's role is refused.
    expect((await importMasterData(lf, tokens.NB, { stammdaten })).status).toBe(403);
  });

  describe('npm run import (tools/import/import-master-data.js)', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'maco-import-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const runCli = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [join(ROOT, 'tools/import/import-master-data.js'), '--url', lf.baseUrl, ...args],
          {
            cwd: ROOT,
            env: { ...process.env, JWT_SECRET: TEST_JWT_SECRET },
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });

    it('should import .ndjson and .json files in batches, idempotently, exit 0', async () => {
      const first = locationObjects();
      const second = locationObjects();
      const lines = [
        ...first.stammdaten['MARKTLOKATION'],
        ...first.stammdaten['MESSLOKATION'],
        ...first.stammdaten['ENERGIELIEFERVERTRAG'],
      ];
      writeFileSync(join(dir, 'objects.ndjson'), lines.map((bo) => JSON.stringify(bo)).join('\n') + '\n\n');
      writeFileSync(join(dir, 'wrapped.json'), JSON.stringify({ stammdaten: second.stammdaten }));
      const bare = locationObjects();
      writeFileSync(
        join(dir, 'bare.json'),
        JSON.stringify([...bare.stammdaten['MARKTLOKATION'], ...bare.stammdaten['ENERGIELIEFERVERTRAG']]),
      );
      const files = ['objects.ndjson', 'wrapped.json', 'bare.json'].map((file) => join(dir, file));

      const run = await runCli(['--role', 'LF', '--batch-size', '2', ...files]);
      expect([run.code, run.stdout.split('\n')[0]]).toEqual([
        0,
        expect.stringMatching(/^imported 8, unchanged 0, refused 0 in /),
      ]);
      for (const { malo, stammdaten } of [first, second]) {
        expect(
          (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() })).body.stammdaten[
            'MARKTLOKATION'
          ],
        ).toEqual(stammdaten['MARKTLOKATION']);
      }
      expect(
        (await read('/getEnergySupplyContractBasic', { parameter1: bare.malo, parameter3: now() })).body.stammdaten[
          'ENERGIELIEFERVERTRAG'
        ],
      ).toEqual(bare.stammdaten['ENERGIELIEFERVERTRAG']);

      const again = await runCli(['--role', 'lf', ...files]);
      expect([again.code, again.stdout.split('\n')[0]]).toEqual([
        0,
        expect.stringMatching(/^imported 0, unchanged 8, refused 0 in /),
      ]);
    });

    it('should stream .json files of both shapes (other members skipped, a kind holding one object), pointers per element', async () => {
      const wrapped = locationObjects();
      const bare = locationObjects();
      // Pretty-printed, members around stammdaten (skipped, with nested values), a kind holding one object, not a list.
      const document = {
        transaktionsdaten: {
          kategorie: 'Z01',
          liste: [{ stammdaten: { MARKTLOKATION: [{ marktlokationsId: 'nicht importiert' }] } }],
        },
        stammdaten: {
          ...wrapped.stammdaten,
          MESSLOKATION: wrapped.stammdaten['MESSLOKATION'][0],
          GESCHAEFTSPARTNER: [{ boTyp: 'GESCHAEFTSPARTNER' }],
        },
        zusatzdaten: [1, [2, { drei: 3 }]],
      };
      writeFileSync(join(dir, 'stream-wrapped.json'), JSON.stringify(document, null, 2));
      writeFileSync(
        join(dir, 'stream-bare.json'),
        JSON.stringify(
          [...bare.stammdaten['MARKTLOKATION'], 'kein Objekt', { boTyp: 'AVIS_X' }, ...bare.stammdaten['MESSLOKATION']],
          null,
          1,
        ),
      );
      const files = ['stream-wrapped.json', 'stream-bare.json'].map((file) => join(dir, file));

      const run = await runCli(['--role', 'LF', '--batch-size', '2', ...files]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^imported 5, unchanged 0, refused 3 in /);
      expect(run.stdout).toContain(
        `refused ${files[0]}#/stammdaten/GESCHAEFTSPARTNER/0: unknown kind GESCHAEFTSPARTNER`,
      );
      expect(run.stdout).toContain(`refused ${files[1]}#/1: not a business object`);
      expect(run.stdout).toContain(`refused ${files[1]}#/2: boTyp "AVIS_X" is not imported`);
      for (const { malo, stammdaten } of [wrapped, bare]) {
        expect(
          (await read('/getMarketlocationBasic', { parameter1: malo, parameter3: now() })).body.stammdaten[
            'MARKTLOKATION'
          ],
        ).toEqual(stammdaten['MARKTLOKATION']);
        expect(
          (await read('/getMeterLocationBasic', { parameter1: malo, parameter2: 'MALO', parameter3: now() })).body
            .stammdaten['MESSLOKATION'],
        ).toEqual(stammdaten['MESSLOKATION']);
      }
    });

    it('should refuse a .json file with invalid JSON (line and column) or another shape, exit 1', async () => {
      const { stammdaten } = locationObjects();
      const broken = join(dir, 'broken.json');
      writeFileSync(
        broken,
        `{"stammdaten": {"MARKTLOKATION": [\n${JSON.stringify(stammdaten['MARKTLOKATION'][0])},\n{"boTyp": tru}\n]}}`,
      );
      const run = await runCli(['--role', 'LF', broken]);
      expect(run.code).toBe(1);
      // Objects before the error are imported (streamed, like the lines of an .ndjson before a bad one).
      expect(run.stdout).toMatch(/^imported 1, unchanged 0, refused 1 in /);
      expect(run.stdout).toMatch(
        new RegExp(
          `refused ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot read JSON \\(.* at line 3, column \\d+\\)`,
        ),
      );

      const truncated = join(dir, 'truncated.json');
      writeFileSync(truncated, '[{"boTyp": "MARKTLOKATION", "marktlo');
      const cut = await runCli(['--role', 'LF', truncated]);
      expect([cut.code, cut.stdout]).toEqual([1, expect.stringContaining(`refused ${truncated}: cannot read JSON`)]);

      for (const [name, text] of [
        ['scalar.json', '42'],
        ['no-stammdaten.json', '{"daten": {}}'],
        ['list-stammdaten.json', '{"stammdaten": [1]}'],
      ]) {
        const other = join(dir, name);
        writeFileSync(other, text);
        const answer = await runCli(['--role', 'LF', other]);
        expect([answer.code, answer.stdout]).toEqual([
          1,
          expect.stringContaining(`refused ${other}: must hold {"stammdaten"`),
        ]);
      }
    });

    it('should report refused objects by file and line and exit 1; exit 2 when it cannot ask', async () => {
      const { stammdaten } = locationObjects();
      const file = join(dir, 'mixed.ndjson');
      writeFileSync(
        file,
        [
          JSON.stringify(stammdaten['MARKTLOKATION'][0]),
          '{kein json',
          JSON.stringify({ boTyp: 'GESCHAEFTSPARTNER' }),
          JSON.stringify({ boTyp: 'MESSLOKATION' }),
          JSON.stringify(stammdaten['MESSLOKATION'][0]),
        ].join('\n'),
      );
      const run = await runCli(['--role', 'LF', file]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^imported 2, unchanged 0, refused 3 in /);
      expect(run.stdout).toContain(`refused ${file}:2: not JSON`);
      expect(run.stdout).toContain(`refused ${file}:3: boTyp "GESCHAEFTSPARTNER" is not imported`);
      expect(run.stdout).toContain(`refused ${file}:4: has no id`);

      expect((await runCli([file])).code).toBe(2);
      expect((await runCli(['--role', 'LF', join(dir, 'missing.ndjson')])).code).toBe(2);
      const unreachable = await runCli(['--role', 'LF', '--url', 'http://127.0.0.1:9', file]);
      expect([unreachable.code, unreachable.stderr]).toEqual([2, expect.stringContaining('no answer from')]);
    });
  });
});
