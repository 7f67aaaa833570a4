import { rulesFor } from '@maco/ahb';
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
import { serviceModule } from './service-module';

const sample = (role: string, pruefidentifikator: string) => {
  const found = loadSamples({ role, operation: 'create' }).find((s) => s.pruefidentifikator === pruefidentifikator);
  if (!found) throw new Error(`no ${role} create sample of ${pruefidentifikator}`);
  return withBusinessKey(found.body);
};

const MALO_ID_POINTER = '#/stammdaten/MARKTLOKATION/0/marktlokationsId';

/** The 55001 contract example's MaLo-ID 50074561192 fails its check digit (needs 0): corrected where a test wants no finding. */
function withValidMaloId(body: Record<string, unknown>): Record<string, unknown> {
  (body['stammdaten'] as Record<string, Record<string, unknown>[]>)['MARKTLOKATION'][0]['marktlokationsId'] =
    '50074561190';
  return body;
}

/** Removes the first field the AHB of 55001 (04/26) makes mandatory in transaktionsdaten; returns its pointer. */
function withoutMandatoryField(body: Record<string, unknown>): string {
  const rule = rulesFor('04/26', '55001')?.find((candidate) => /^transaktionsdaten\.[A-Za-z]+$/.test(candidate.path));
  if (!rule) throw new Error('the rules of 55001 name no mandatory transaktionsdaten field');
  const field = rule.path.split('.')[1];
  delete (body['transaktionsdaten'] as Record<string, unknown>)[field];
  return `#/transaktionsdaten/${field}`;
}

describe('AHB findings on bookings', () => {
  let database: TestDatabase;
  let report: TestService;
  let strict: TestService;
  let nbReport: TestService;
  const dated = { DEFAULT_RELEASE: '04/26' };
  const findingsOf = (businessKey: string, role: string) =>
    withClient(database.url, async (client) =>
      (
        await client.query(
          `SELECT v.findings FROM process_revision v JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1 AND r.role = $2`,
          [businessKey, role],
        )
      ).rows.map((row) => row.findings),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    report = await startTestService(serviceModule('LF'), database.url, dated);
    strict = await startTestService(serviceModule('LF'), database.url, { ...dated, AHB_RULE_MODE: 'strict' });
    nbReport = await startTestService(serviceModule('NB'), database.url, dated);
  });

  afterAll(async () => {
    await Promise.all([report?.close(), strict?.close(), nbReport?.close()]);
    await database?.drop();
  });

  it("should book a PI outside the role's catalogue and record an unlisted-pi finding", async () => {
    // 55001 is in NB's create list, not in LF's (backend-interface §4).
    const body = withValidMaloId(sample('LF', '55001'));
    const answer = await postJson(`${report.baseUrl}/createProcessData`, body, {
      token: mintTestToken({ roles: ['LF'] }),
    });

    expect(answer.status).toBe(200);
    expect(answer.body['findings']).toEqual([
      { code: 'unlisted-pi', pointer: '#/transaktionsdaten/pruefidentifikator', message: expect.any(String) },
    ]);
    expect(await findingsOf((body['zusatzdaten'] as { businessKey: string }).businessKey, 'LF')).toEqual([
      answer.body['findings'],
    ]);
  });

  it('should book a PI its release does not know and record an unknown-pi finding', async () => {
    const body = withValidMaloId(sample('LF', '55001'));
    (body['transaktionsdaten'] as Record<string, unknown>)['pruefidentifikator'] = '99998';
    const answer = await postJson(`${report.baseUrl}/createProcessData`, body, {
      token: mintTestToken({ roles: ['LF'] }),
    });

    expect(answer.status).toBe(200);
    expect(answer.body['findings']).toEqual([
      { code: 'unknown-pi', pointer: '#/transaktionsdaten/pruefidentifikator', message: expect.any(String) },
    ]);
    expect(await findingsOf((body['zusatzdaten'] as { businessKey: string }).businessKey, 'LF')).toEqual([
      answer.body['findings'],
    ]);
  });

  it('should find nothing for a listed PI that carries every mandatory field and valid identifiers', async () => {
    const answer = await postJson(`${nbReport.baseUrl}/createProcessData`, withValidMaloId(sample('NB', '55001')), {
      token: mintTestToken({ roles: ['NB'] }),
    });
    expect(answer.body).toMatchObject({ release: '04/26', findings: [] });
  });

  it('should book the contract example in report mode and record its wrong MaLo-ID check digit as a binding finding', async () => {
    const body = sample('NB', '55001');
    const answer = await postJson(`${nbReport.baseUrl}/createProcessData`, body, {
      token: mintTestToken({ roles: ['NB'] }),
    });

    expect(answer.status).toBe(200);
    // 55001's AHB: LOC+Z16 DE3225 `X [950]` (format MaLo-ID) makes the check binding there.
    expect(answer.body['findings']).toContainEqual({
      code: 'invalid-identifier',
      pointer: MALO_ID_POINTER,
      check: 'malo-check-digit',
      binding: true,
      message: '50074561192 is not a valid MaLo-ID (malo-check-digit: expected 0)',
    });
    expect(await findingsOf((body['zusatzdaten'] as { businessKey: string }).businessKey, 'NB')).toEqual([
      answer.body['findings'],
    ]);
  });

  it('should refuse the contract example in strict mode, where the AHB makes the MaLo-ID format binding, and book nothing', async () => {
    const body = sample('LF', '55001');
    const answer = await postJson(`${strict.baseUrl}/createProcessData`, body, {
      token: mintTestToken({ roles: ['LF'] }),
    });

    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'PROCESS_DATA.MANDATORY_FIELDS_MISSING', release: '04/26' });
    expect(answer.body.errors).toEqual([
      { pointer: MALO_ID_POINTER, code: 'invalid-identifier', message: expect.stringContaining('malo-check-digit') },
    ]);
    expect(await findingsOf((body['zusatzdaten'] as { businessKey: string }).businessKey, 'LF')).toEqual([]);
  });

  it('should book in report mode and record the missing mandatory field', async () => {
    const body = withValidMaloId(sample('NB', '55001'));
    const pointer = withoutMandatoryField(body);

    const answer = await postJson(`${nbReport.baseUrl}/createProcessData`, body, {
      token: mintTestToken({ roles: ['NB'] }),
    });

    expect(answer.status).toBe(200);
    expect(answer.body['findings']).toEqual([
      { code: 'missing-mandatory-field', pointer, message: expect.stringContaining('55001') },
    ]);
    expect(await findingsOf((body['zusatzdaten'] as { businessKey: string }).businessKey, 'NB')).toEqual([
      answer.body['findings'],
    ]);
  });

  it('should refuse the same body in strict mode with 422 naming the field, and book nothing', async () => {
    const body = withValidMaloId(sample('LF', '55001'));
    const pointer = withoutMandatoryField(body);

    const answer = await postJson(`${strict.baseUrl}/createProcessData`, body, {
      token: mintTestToken({ roles: ['LF'] }),
    });

    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'PROCESS_DATA.MANDATORY_FIELDS_MISSING', release: '04/26' });
    expect(answer.body.errors?.map((error) => error.pointer)).toEqual([pointer]);
    expect(await findingsOf((body['zusatzdaten'] as { businessKey: string }).businessKey, 'LF')).toEqual([]);
  });

  it('should still book an unlisted PI in strict mode: only missing fields are refused', async () => {
    const answer = await postJson(`${strict.baseUrl}/createProcessData`, withValidMaloId(sample('LF', '55001')), {
      token: mintTestToken({ roles: ['LF'] }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body['findings']).toEqual([expect.objectContaining({ code: 'unlisted-pi' })]);
  });
});
