import { randomInt, randomUUID } from 'node:crypto';
import { BO_READ_GROUP, checkReadRequest, type ParameterMeaning, READ_ROUTES } from '@maco/bo-read';
import type { MarketRole } from '@maco/domain';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { BUSINESS_OBJECT_READS, readStatement } from '@maco/process-store';
import { composeService } from '@maco/service';
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

type Body = Record<string, unknown> & { stammdaten: Record<string, Record<string, unknown>[]> };

/**
 * The BO4E reads over the booking path: samples booked through /createProcessData and /updateProcessData read back by
 * location and key date, versions, parameter errors, spellings, roles, and the projection inside the booking's
 * transaction; EXPLAIN over 100 000 synthetic objects.
 */
describe('BO4E reads (bo-read group) on booked process data', () => {
  const tokens = { LF: mintTestToken({ roles: ['LF'] }), NB: mintTestToken({ roles: ['NB'] }) };
  let database: TestDatabase;
  const services = {} as Record<'LF' | 'NB', TestService>;

  const sample = (file: string): Body => {
    const found = loadSamples().find((candidate) => candidate.file.endsWith(file));
    if (!found) throw new Error(`sample ${file} missing`);
    return structuredClone(found.body) as Body;
  };
  const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
  /** The sample with its location ids replaced by fresh ones, so tests never share objects. */
  const fresh = (body: Body) => {
    const ids = {
      malo: `5${digits(10)}`,
      melo: `DE${digits(31)}`,
      nelo: `E${digits(10)}`,
      tr: `D${digits(10)}`,
      sr: `C${digits(10)}`,
      tranche: `5${digits(10)}`,
    };
    const text = JSON.stringify(body)
      .replaceAll('50074561188', ids.malo)
      .replaceAll('50074561189', ids.tranche)
      .replaceAll('DE0032106765712000000000000000037', ids.melo)
      .replaceAll('E1688117482', ids.nelo)
      .replaceAll('D417MLM8164', ids.tr)
      .replaceAll('C816417ST77', ids.sr);
    return { body: JSON.parse(text) as Body, ids };
  };
  const book = (role: 'LF' | 'NB', operation: 'create' | 'update', body: unknown) =>
    postJson(`${services[role].baseUrl}/${operation}ProcessData`, body, { token: tokens[role] });
  const read = async (path: string, query: Record<string, string>, role: 'LF' | 'NB' = 'LF') => {
    const response = await fetch(`${services[role].baseUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${tokens[role]}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown> & { stammdaten: Record<string, unknown[]> },
    };
  };
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const now = () => new Date().toISOString();

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const role of ['LF', 'NB'] as const) {
      services[role] = await startTestService(
        composeService({ role: role as MarketRole, groups: [PROCESS_DATA_GROUP, BO_READ_GROUP] }),
        database.url,
        {
          DEFAULT_RELEASE: '04/26',
        },
      );
    }
  });

  afterAll(async () => {
    for (const service of Object.values(services)) await service?.close();
    await database?.drop();
  });

  describe('after /createProcessData', () => {
    it('should read every kind back by its location and key date, as booked', async () => {
      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      // The two kinds this sample lacks, from other samples, named by this sample's locations.
      body.stammdaten['LOKATIONSBUENDEL'] = fresh(sample('upstream/nb-update-55180-tf2.json')).body.stammdaten[
        'LOKATIONSBUENDEL'
      ];
      (body.stammdaten['LOKATIONSBUENDEL'][0]['zuordnungObjectcode'] as Record<string, unknown>[])[1][
        'referenzLokationsId'
      ] = ids.malo;
      body.stammdaten['ENERGIELIEFERVERTRAG'] = [
        {
          ...sample('lf-create-55001.json').stammdaten['ENERGIELIEFERVERTRAG'][0],
          lokationsId: ids.malo,
          unbekanntesFeld: { bleibt: true },
        },
      ];
      expect((await book('LF', 'create', withBusinessKey(body))).status).toBe(200);

      const reads: [string, string, Record<string, string>][] = [
        ['/getMarketlocationBasic', 'MARKTLOKATION', { parameter1: ids.malo }],
        ['/getMeterLocationBasic', 'MESSLOKATION', { parameter1: ids.melo }],
        ['/getMeterLocationBasic', 'MESSLOKATION', { parameter1: ids.malo, parameter2: 'MALO' }],
        ['/getGridLocationBasic', 'NETZLOKATION', { parameter1: ids.nelo }],
        ['/getTechnicalResourceBasic', 'TECHNISCHE_RESSOURCE', { parameter1: ids.tr }],
        [
          '/getControllableResourceBasic',
          'STEUERBARE_RESSOURCE',
          { parameter1: ids.sr, parameter2: 'STEUERBARE_RESOURCE' },
        ],
        ['/getTrancheBasic', 'TRANCHE', { parameter1: ids.tranche, parameter2: 'TRANCHE' }],
        ['/getCounterBasic', 'ZAEHLER', { parameter1: ids.melo, parameter2: 'MELO' }],
        ['/getAccountingBasic', 'BILANZIERUNG', { parameter1: ids.malo }],
        ['/getLocationBundleBasic', 'LOKATIONSBUENDEL', { parameter1: ids.malo }],
        ['/getGridUsageContractBasic', 'NETZNUTZUNGSVERTRAG', { parameter1: ids.malo }],
        [
          '/getEnergySupplyContractBasic',
          'ENERGIELIEFERVERTRAG',
          { parameter1: ids.malo, command: 'SAP_LESEN_ENERGIELIEFERVERTRAG_BASIS' },
        ],
        ['/getMeasuringPointOperationContractBasic', 'MESSSTELLENBETRIEBSVERTRAG', { parameter1: ids.melo }],
      ];
      for (const [path, kind, query] of reads) {
        const answer = await read(path, { ...query, parameter3: now() });
        expect([path, answer.status, answer.type]).toEqual([path, 200, 'application/json; charset=utf-8']);
        expect([path, Object.keys(answer.body.stammdaten)]).toEqual([path, [kind]]);
        expect([path, answer.body.stammdaten[kind]]).toEqual([path, body.stammdaten[kind]]);
      }
    });

    it('should answer 200 with an empty list for an unknown id, and before an object’s validity', async () => {
      const unknown = await read('/getMarketlocationBasic', { parameter1: '00000000000', parameter3: now() });
      expect([unknown.status, unknown.body]).toEqual([200, { stammdaten: { MARKTLOKATION: [] } }]);

      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      expect((await book('LF', 'create', withBusinessKey(body))).status).toBe(200);
      // The grid-usage contract begins 2024-06-30T22:00:00Z.
      const before = await read('/getGridUsageContractBasic', {
        parameter1: ids.malo,
        parameter3: '2024-06-30T21:59:59Z',
      });
      const from = await read('/getGridUsageContractBasic', {
        parameter1: ids.malo,
        parameter3: '2024-06-30T22:00:00Z',
      });
      expect([
        before.body.stammdaten['NETZNUTZUNGSVERTRAG'].length,
        from.body.stammdaten['NETZNUTZUNGSVERTRAG'].length,
      ]).toEqual([0, 1]);
    });

    it('should serve both spellings of the drifting paths', async () => {
      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      body.stammdaten['ENERGIELIEFERVERTRAG'] = [
        { ...sample('lf-create-55001.json').stammdaten['ENERGIELIEFERVERTRAG'][0], lokationsId: ids.malo },
      ];
      expect((await book('LF', 'create', withBusinessKey(body))).status).toBe(200);
      const query = { parameter1: ids.malo, parameter3: now() };

      const [malo, maloDocs, contract, contractDocs] = await Promise.all([
        read('/getMarketlocationBasic', query),
        read('/getMarketLocationBasic', query),
        read('/getEnergySupplyContractBasic', query),
        read('/getEnerySupplyContractBasic', query),
      ]);
      expect(maloDocs).toEqual(malo);
      expect(contractDocs).toEqual(contract);
      expect([
        malo.body.stammdaten['MARKTLOKATION'].length,
        contract.body.stammdaten['ENERGIELIEFERVERTRAG'].length,
      ]).toEqual([1, 1]);
    });

    it('should show a role only its own objects', async () => {
      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      expect((await book('LF', 'create', withBusinessKey(body))).status).toBe(200);
      const query = { parameter1: ids.malo, parameter3: now() };

      expect((await read('/getMarketlocationBasic', query, 'NB')).body).toEqual({ stammdaten: { MARKTLOKATION: [] } });
      expect((await read('/getMarketlocationBasic', query, 'LF')).body.stammdaten['MARKTLOKATION']).toHaveLength(1);
    });

    it('should project in the booking’s transaction: a booking that fails leaves no object', async () => {
      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      const businessKey = `fail-${randomUUID()}`;
      // The revision insert is the statement's last part: failing there must take the projected objects with it.
      await sql(`
        CREATE FUNCTION fail_marked_revision() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.body -> 'zusatzdaten' ->> 'businessKey' LIKE 'fail-%' THEN RAISE EXCEPTION 'booking fails on purpose'; END IF;
          RETURN NEW;
        END $$`);
      await sql(
        `CREATE TRIGGER fail_marked_revision BEFORE INSERT ON process_revision FOR EACH ROW EXECUTE FUNCTION fail_marked_revision()`,
      );
      try {
        expect((await book('LF', 'create', withBusinessKey(body, businessKey))).status).toBe(500);
      } finally {
        await sql(`DROP TRIGGER fail_marked_revision ON process_revision`);
        await sql(`DROP FUNCTION fail_marked_revision()`);
      }

      expect((await read('/getMarketlocationBasic', { parameter1: ids.malo, parameter3: now() })).body).toEqual({
        stammdaten: { MARKTLOKATION: [] },
      });
      expect(
        await sql(`SELECT count(*)::int AS n FROM business_object WHERE $1 = ANY(locations)`, [`MALO:${ids.malo}`]),
      ).toEqual([{ n: 0 }]);
    });
  });

  describe('after /updateProcessData', () => {
    it('should read a changed object in its updated form, and the earlier version at an earlier key date', async () => {
      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      const businessKey = randomUUID();
      expect((await book('LF', 'create', withBusinessKey(body, businessKey))).status).toBe(200);
      const original = body.stammdaten['MARKTLOKATION'][0];
      await new Promise((resolve) => setTimeout(resolve, 20));
      const betweenBookings = now();
      await new Promise((resolve) => setTimeout(resolve, 20));

      // No validity of its own: the new version supersedes the old one from the booking on.
      const changed = structuredClone(body);
      changed.stammdaten = { MARKTLOKATION: [{ ...original, netzebene: 'MSP', neuesFeld: 'x' }] };
      changed['zusatzdaten'] = { businessKey: randomUUID(), targetBusinessKey: businessKey };
      expect((await book('LF', 'update', changed)).status).toBe(200);

      const current = await read('/getMarketlocationBasic', { parameter1: ids.malo, parameter3: now() });
      const earlier = await read('/getMarketlocationBasic', { parameter1: ids.malo, parameter3: betweenBookings });
      const both = await read('/getMarketlocationBasic', {
        parameter1: ids.malo,
        parameter3: '2020-01-01T00:00:00Z',
        parameter4: now(),
      });
      expect(current.body.stammdaten['MARKTLOKATION']).toEqual([{ ...original, netzebene: 'MSP', neuesFeld: 'x' }]);
      expect(earlier.body.stammdaten['MARKTLOKATION']).toEqual([original]);
      expect(both.body.stammdaten['MARKTLOKATION']).toEqual([
        original,
        { ...original, netzebene: 'MSP', neuesFeld: 'x' },
      ]);
      // Objects the update did not touch keep their one version.
      expect(
        await sql(
          `SELECT kind, count(*)::int AS n FROM business_object WHERE $1 = ANY(locations) AND kind IN ('MARKTLOKATION', 'ZAEHLER') GROUP BY kind ORDER BY kind`,
          [`MALO:${ids.malo}`],
        ),
      ).toEqual([
        { kind: 'MARKTLOKATION', n: 2 },
        { kind: 'ZAEHLER', n: 1 },
      ]);
    });

    it('should let a version with its own validity supersede the earlier one from its start', async () => {
      const { body, ids } = fresh(sample('upstream/lf-update-55078-tf2.json'));
      const businessKey = randomUUID();
      expect((await book('LF', 'create', withBusinessKey(body, businessKey))).status).toBe(200);
      const original = body.stammdaten['MARKTLOKATION'][0];
      const later = { ...original, netzebene: 'HSP', gueltigkeitszeitraum: { startdatum: '2030-01-01T00:00:00Z' } };
      const update = { ...structuredClone(body), stammdaten: { MARKTLOKATION: [later] }, zusatzdaten: { businessKey } };
      expect((await book('LF', 'update', update)).status).toBe(200);

      const at = async (date: string) =>
        (await read('/getMarketlocationBasic', { parameter1: ids.malo, parameter3: date })).body.stammdaten[
          'MARKTLOKATION'
        ];
      expect(await at('2029-12-31T23:59:59Z')).toEqual([original]);
      expect(await at('2030-01-01T00:00:00Z')).toEqual([later]);
      expect(await at(now())).toEqual([original]);
    });
  });

  describe('parameters', () => {
    const problem = async (query: Record<string, string>, path = '/getMarketlocationBasic') => {
      const answer = await read(path, query);
      return [
        answer.status,
        answer.body['code'],
        (answer.body['errors'] as { pointer: string }[] | undefined)?.map((error) => error.pointer),
      ];
    };

    it('should answer 400 BO_READ.INVALID_PARAMETER with pointers for bad or missing parameters', async () => {
      expect(await problem({})).toEqual([400, 'BO_READ.INVALID_PARAMETER', ['#/parameter1', '#/parameter3']]);
      expect(await problem({ parameter1: '50074561188', parameter3: '2024-06-28' })).toEqual([
        400,
        'BO_READ.INVALID_PARAMETER',
        ['#/parameter3'],
      ]);
      expect(await problem({ parameter1: '50074561188', parameter2: 'HAUS', parameter3: now() })).toEqual([
        400,
        'BO_READ.INVALID_PARAMETER',
        ['#/parameter2'],
      ]);
      expect(
        await problem({
          parameter1: '50074561188',
          parameter3: '2024-06-28T00:00:00Z',
          parameter4: '2024-06-27T00:00:00Z',
        }),
      ).toEqual([400, 'BO_READ.INVALID_PARAMETER', ['#/parameter4']]);
      expect(
        await problem({ parameter1: '50074561188', parameter3: now(), command: 'LESEN_MESSLOKATION_BASIS' }),
      ).toEqual([400, 'BO_READ.INVALID_PARAMETER', ['#/command']]);
      const answer = await read('/getMarketlocationBasic', {
        parameter1: '50074561188',
        parameter3: now(),
        command: 'SAP_LESEN_MARKTLOKATION_BASIS',
      });
      expect(answer.status).toBe(200);
    });

    it('should need a token with the role like every route', async () => {
      const response = await fetch(
        `${services.LF.baseUrl}/getMarketlocationBasic?parameter1=50074561188&parameter3=${now()}`,
      );
      expect(response.status).toBe(401);
    });
  });

  describe('plans', () => {
    it('should read by index among 100 000 synthetic objects', async () => {
      await sql(`
        INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source)
        SELECT 'MSB', 'MARKTLOKATION', lpad(i::text, 11, '0'), tstzrange(now() - interval '1 year' * (i % 3), NULL), '-infinity',
          ARRAY['MALO:' || lpad(i::text, 11, '0'), 'MELO:DE' || lpad(i::text, 31, '0')],
          jsonb_build_object('boTyp', 'MARKTLOKATION', 'marktlokationsId', lpad(i::text, 11, '0'), 'sparte', 'STROM'), 'import'
        FROM generate_series(1, 100000) AS i`);
      await sql(`ANALYZE business_object`);
      const plan = async (statement: string, params: unknown[]) =>
        withClient(database.url, async (client) => {
          await client.query(`PREPARE read_plan AS ${statement}`);
          const { rows } = await client.query(
            `EXPLAIN EXECUTE read_plan(${params.map((p) => `'${String(p)}'`).join(', ')})`,
          );
          return rows.map((row) => row['QUERY PLAN'] as string).join('\n');
        });
      const keyDate = await plan(BUSINESS_OBJECT_READS.AT_KEY_DATE, [
        'MSB',
        'MARKTLOKATION',
        '{MALO:00000054321}',
        now(),
      ]);
      const period = await plan(BUSINESS_OBJECT_READS.IN_PERIOD, [
        'MSB',
        'MARKTLOKATION',
        '{MELO:DE0000000000000000000000000054321}',
        '2024-01-01T00:00:00Z',
        now(),
      ]);
      expect(keyDate).toMatch(
        /Index Scan on idx_business_object_locations|Bitmap Index Scan on idx_business_object_locations/,
      );
      expect(period).toMatch(/idx_business_object_locations/);
      expect(keyDate).not.toMatch(/Seq Scan/);
      expect(period).not.toMatch(/Seq Scan/);

      // Every route's own statement, as the service prepares it (generic plans, parameters as the route takes them).
      const example: Record<ParameterMeaning, string> = {
        locationId: '00000054321',
        locationType: 'MALO',
        from: '2024-01-01T00:00:00Z',
        to: now(),
        lookupId: 'X-1',
        obis: '1-1:1.8.0',
        billingRelevant: 'true',
        balancingRelevant: 'false',
        supplier: '9979052000006',
        balancingGroup: '11XBK',
      };
      for (const route of READ_ROUTES) {
        const query = Object.fromEntries(
          Object.entries(route.parameters).map(([name, spec]) => [name, example[spec.meaning]]),
        );
        const checked = checkReadRequest(route, query);
        if (!checked.ok) throw new Error(`${route.operationId}: ${JSON.stringify(checked.errors)}`);
        const { text, values } = readStatement({ role: 'MSB', kind: route.kind, ...checked.request });
        const explained = await withClient(database.url, async (client) => {
          await client.query(`SET plan_cache_mode = force_generic_plan`);
          await client.query(`PREPARE route_plan AS ${text}`);
          const literal = (value: unknown) =>
            client.escapeLiteral(
              Array.isArray(value)
                ? `{${value.map((item) => JSON.stringify(item)).join(',')}}`
                : value instanceof Date
                  ? value.toISOString()
                  : String(value),
            );
          const { rows } = await client.query(`EXPLAIN EXECUTE route_plan(${values.map(literal).join(', ')})`);
          return rows.map((row) => row['QUERY PLAN'] as string).join('\n');
        });
        expect([route.operationId, explained]).toEqual([
          route.operationId,
          expect.stringMatching(/Index Scan|Index Only Scan/),
        ]);
        expect([route.operationId, explained]).toEqual([route.operationId, expect.not.stringMatching(/Seq Scan/)]);
      }
    });
  });
});
