import { BO_READ_GROUP, READ_ROUTES } from '@maco/bo-read';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
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
} from '@maco/testing';

type Body = Record<string, unknown> & { stammdaten: Record<string, Record<string, unknown>[]> };

const MALO = '50074561192';
const LF_READS = composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, BO_READ_GROUP] });

/** Starts the LF reads with `READ_ANSWER_SHAPE` set as the deployment would (the group reads it at start-up). */
function startWithShape(databaseUrl: string, shape: string): Promise<TestService> {
  return startTestService(LF_READS, databaseUrl, { LOG_LEVEL: 'silent', READ_ANSWER_SHAPE: shape });
}

/**
 * The names and shapes of the BO4E reads over a booked sample: each German name of backend-interface.md §12 answers
 * what its English twin answers; `READ_ANSWER_SHAPE=array` answers the bare list; the NB-only MaloIdent names are no
 * paths of the LF service.
 */
describe('BO4E reads under their German names and in both answer shapes (LF service)', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let database: TestDatabase;
  let wrapped: TestService;
  let array: TestService;
  let booked: Body;

  const read = async (service: TestService, path: string, query: Record<string, string>) => {
    const response = await fetch(`${service.baseUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const atNow = () => ({ parameter1: MALO, parameter3: new Date().toISOString() });

  beforeAll(async () => {
    database = await createTestDatabase();
    wrapped = await startTestService(LF_READS, database.url, { LOG_LEVEL: 'error' });
    array = await startWithShape(database.url, 'array');
    const sample = loadSamples({ role: 'lf', operation: 'create' }).find(
      (candidate) => candidate.file === 'lf-create-55001.json',
    );
    if (!sample) throw new Error('sample lf-create-55001.json missing');
    // Verbatim: its contracts and Bilanzierung name no location and are read by the MaLo of their message.
    booked = withBusinessKey(sample.body as Body);
    expect((await postJson(`${wrapped.baseUrl}/createProcessData`, booked, { token })).status).toBe(200);
  });

  afterAll(async () => {
    await array?.close();
    await wrapped?.close();
    await database?.drop();
  });

  it('should answer the booked sample under each German name exactly as under the English one', async () => {
    const reads: [string, string, string][] = [
      ['/lesenMarktlokationBasis', '/getMarketLocationBasic', 'MARKTLOKATION'],
      ['/lesenBilanzierungBasis', '/getAccountingBasic', 'BILANZIERUNG'],
      ['/lesenEnergieliefervertragBasis', '/getEnergySupplyContractBasic', 'ENERGIELIEFERVERTRAG'],
      ['/lesenNetznutzungsvertragBasis', '/getGridUsageContractBasic', 'NETZNUTZUNGSVERTRAG'],
    ];
    for (const [german, english, kind] of reads) {
      const query = atNow();
      const [byGerman, byEnglish] = await Promise.all([read(wrapped, german, query), read(wrapped, english, query)]);
      expect([german, byGerman.status, byGerman.type]).toEqual([german, 200, 'application/json; charset=utf-8']);
      expect([german, byGerman.text]).toEqual([german, byEnglish.text]);
      expect([german, JSON.parse(byGerman.text)]).toEqual([
        german,
        { stammdaten: { [kind]: booked.stammdaten[kind] } },
      ]);
    }
  });

  it('should check the parameters and the command under a German name as under the English one', async () => {
    const wrongCommand = await read(wrapped, '/lesenMarktlokationBasis', {
      ...atNow(),
      command: 'LESEN_ZAEHLER_BASIS',
    });
    const missingDate = await read(wrapped, '/lesenMarktlokationBasis', { parameter1: MALO });
    expect([wrongCommand.status, missingDate.status]).toEqual([400, 400]);
    expect(
      (JSON.parse(missingDate.text) as { errors: { pointer: string }[] }).errors.map((error) => error.pointer),
    ).toEqual(['#/parameter3']);
    const withPrefix = await read(wrapped, '/lesenMarktlokationBasis', {
      ...atNow(),
      command: 'SAP_LESEN_MARKTLOKATION_BASIS',
    });
    expect(withPrefix.status).toBe(200);
  });

  it('should count a read under a German name with its operationId, as the English one', async () => {
    const count = async () => {
      const metrics = await (await fetch(`${wrapped.baseUrl}/metrics`)).text();
      const line = metrics
        .split('\n')
        .find(
          (text) =>
            text.startsWith('maco_bo_reads_total{') &&
            text.includes('operation="LESEN_TRANCHE_BASIS"') &&
            text.includes('outcome="empty"'),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await count();
    await read(wrapped, '/lesenTrancheBasis', atNow());
    await read(wrapped, '/getTrancheBasic', atNow());
    expect(await count()).toBe(before + 2);
  });

  it('should not serve the NB-only MaloIdent names on the LF service (404)', async () => {
    const masterData = await read(wrapped, '/lesenMaloidentMarktlokation', {
      parameter1: MALO,
      parameter3: '2024-06-28T12:18:00Z',
    });
    const identify = await postJson(
      `${wrapped.baseUrl}/lesenMaloidentBasis`,
      { stammdaten: {}, transaktionsdaten: {} },
      { token },
    );
    expect([masterData.status, identify.status]).toEqual([404, 404]);
  });

  describe('READ_ANSWER_SHAPE=array', () => {
    it('should answer the booked objects as a bare list, the same objects the wrapped answer holds', async () => {
      const query = atNow();
      const [bare, german, inWrapping] = await Promise.all([
        read(array, '/getMarketlocationBasic', query),
        read(array, '/lesenMarktlokationBasis', query),
        read(wrapped, '/getMarketlocationBasic', query),
      ]);
      expect([bare.status, bare.type]).toEqual([200, 'application/json; charset=utf-8']);
      expect(JSON.parse(bare.text)).toEqual(booked.stammdaten['MARKTLOKATION']);
      expect(JSON.parse(inWrapping.text)).toEqual({ stammdaten: { MARKTLOKATION: JSON.parse(bare.text) } });
      expect(german.text).toBe(bare.text);
      expect((await read(array, '/getMarketlocationBasic', { ...query, parameter1: '00000000000' })).text).toBe('[]');
    });

    it('should keep the authorisation answer and the problem details as they are', async () => {
      const authorization = await read(array, '/getAllocationAuthorization', {
        parameter1: MALO,
        parameter2: '9979052000006',
        parameter3: new Date().toISOString(),
      });
      expect(JSON.parse(authorization.text)).toEqual({ zusatzdaten: {}, ermaechtigungVorhanden: false });
      const problem = await read(array, '/getMarketlocationBasic', { parameter1: MALO });
      expect([problem.status, JSON.parse(problem.text).code]).toEqual([400, 'BO_READ.INVALID_PARAMETER']);
    });

    it('should refuse to start with another value, naming the variable', async () => {
      await expect(startWithShape(database.url, 'bare')).rejects.toThrow(
        'READ_ANSWER_SHAPE must be one of wrapped, array (got "bare")',
      );
    });
  });

  it('should serve every read of READ_ROUTES under each of its names', async () => {
    for (const route of READ_ROUTES) {
      for (const path of route.paths) {
        // No parameters: 400 from the read itself proves the path is served (an unserved one is 404).
        const response = await read(wrapped, path, {});
        expect([path, response.status]).toEqual([path, 400]);
      }
    }
  });
});
