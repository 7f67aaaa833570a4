import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BO_READ_GROUP } from '@maco/bo-read';
import { receivedPointer, toEnglish } from '@maco/domain';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { composeService } from '@maco/service';
import {
  mintTestToken,
  postJson,
  samplesDir,
  type TestService,
  useServicesOnOneDatabase,
  withBusinessKey,
} from '@maco/testing';

type Body = Record<string, unknown>;
type Finding = { code: string; pointer: string; message: string };
type Receipt = { businessKey: string; release: string; findings: Finding[]; matchedBy?: string; revision: number };

const sample = (name: string) => JSON.parse(readFileSync(join(samplesDir(), name), 'utf8')) as Body;

/**
 * The vendor's English dialect on the booking path (LF): a body and its German twin book alike — keys, release,
 * findings (pointing into the body as received), chains and the read model — and the revision keeps the English body.
 */
describe('English dialect bookings (LF)', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let service: TestService;
  const shared = useServicesOnOneDatabase({
    service: composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, BO_READ_GROUP] }),
  });
  beforeAll(() => ({ service } = shared.services));

  const post = async (path: string, body: unknown) => postJson(`${service.baseUrl}${path}`, body, { token });
  const get = async (path: string) => {
    const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Body };
  };
  /** The German sample with a fresh key and MaLo, and its English twin with another key. */
  const twins = () => {
    const german = withBusinessKey(sample('lf-create-55001.json'));
    const english = toEnglish(withBusinessKey(german)) as Body;
    return { german, english };
  };

  it('should book an English create under its own key with the release and findings of its German twin', async () => {
    const { german, english } = twins();
    const [de, en] = [await post('/createProcessData', german), await post('/createProcessData', english)];
    expect([de.status, en.status]).toEqual([200, 200]);
    const [deReceipt, enReceipt] = [de.body as Receipt, en.body as Receipt];
    expect(enReceipt.businessKey).toBe((english['additionalData'] as Body)['businessKey']);
    expect(enReceipt.release).toBe(deReceipt.release);
    expect(enReceipt.findings.length).toBeGreaterThan(0);
    expect(enReceipt.findings).toEqual(
      deReceipt.findings.map((finding) => ({ ...finding, pointer: receivedPointer(english, finding.pointer) })),
    );
    expect(enReceipt.findings.every((finding) => !finding.pointer.includes('stammdaten'))).toBe(true);
  });

  it('should keep the English body verbatim, record its dialect and hold the canonical state', async () => {
    const { german, english } = twins();
    const key = (english['additionalData'] as Body)['businessKey'] as string;
    expect((await post('/createProcessData', english)).status).toBe(200);
    const process = await get(`/processes/${key}?bodies=true`);
    expect(process.status).toBe(200);
    const [revision] = process.body['revisions'] as Body[];
    expect(revision).toMatchObject({ dialect: 'en', body: english });
    expect(process.body['current']).toEqual({ ...german, zusatzdaten: { businessKey: key } });
    // A German booking records its dialect too.
    expect((await post('/createProcessData', german)).status).toBe(200);
    const germanKey = (german['zusatzdaten'] as Body)['businessKey'] as string;
    expect(((await get(`/processes/${germanKey}`)).body['revisions'] as Body[])[0]['dialect']).toBe('de');
  });

  it('should resolve an English update by its targetBusinessKey and read the English MaLo back', async () => {
    const { german } = twins();
    const malo = '51238696781';
    const stammdaten = german['stammdaten'] as Record<string, Body[]>;
    stammdaten['MARKTLOKATION'][0]['marktlokationsId'] = malo;
    const created = toEnglish(withBusinessKey(german)) as Body;
    const key = (created['additionalData'] as Body)['businessKey'] as string;
    expect((await post('/createProcessData', created)).status).toBe(200);
    const update = toEnglish({
      stammdaten: { MARKTLOKATION: stammdaten['MARKTLOKATION'] },
      transaktionsdaten: { ...(german['transaktionsdaten'] as Body), pruefidentifikator: '55002' },
      zusatzdaten: { businessKey: randomUUID(), targetBusinessKey: key },
    });
    const updated = await post('/updateProcessData', update);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ matchedBy: 'targetBusinessKey', processBusinessKey: key, revision: 2 });
    const read = await get(`/getMarketlocationBasic?parameter1=${malo}&parameter3=2025-06-01T00:00:00Z`);
    expect(read.status).toBe(200);
    expect((read.body['stammdaten'] as Record<string, Body[]>)['MARKTLOKATION']).toEqual(stammdaten['MARKTLOKATION']);
  });

  it('should refuse a body mixing both dialects and keep it in the quarantine', async () => {
    const { german } = twins();
    const mixed = { ...(toEnglish(german) as Body), zusatzdaten: german['zusatzdaten'] };
    const requestId = randomUUID();
    const refused = await postJson(`${service.baseUrl}/createProcessData`, mixed, {
      token,
      headers: { 'x-request-id': requestId },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'REQUEST.VALIDATION_FAILED', errors: [{ pointer: '#' }] });
    const kept = (await get('/refused?limit=200')).body['items'] as Body[];
    expect(kept.find((entry) => entry['requestId'] === requestId)).toMatchObject({
      status: 422,
      operation: 'create',
      pruefidentifikator: '55001',
    });
  });

  it('should book an English update that overtook its process as soon as the English create brings its key', async () => {
    const { german } = twins();
    const key = (german['zusatzdaten'] as Body)['businessKey'] as string;
    const update = toEnglish({
      stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '51238696788', netzebene: 'NSP' }] },
      transaktionsdaten: { pruefidentifikator: '55003' },
      zusatzdaten: { businessKey: randomUUID(), targetBusinessKey: key },
    });
    const requestId = randomUUID();
    const early = await postJson(`${service.baseUrl}/updateProcessData`, update, {
      token,
      headers: { 'x-request-id': requestId },
    });
    expect([early.status, early.body['code']]).toEqual([422, 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN']);
    const entry = ((await get('/refused?limit=200')).body['items'] as Body[]).find(
      (item) => item['requestId'] === requestId,
    );
    expect(entry).toMatchObject({ state: 'open', operation: 'update' });
    expect((await post('/createProcessData', toEnglish(german))).status).toBe(200);
    let detail: Body = {};
    for (let waited = 0; waited < 10_000 && detail['state'] !== 'resolved'; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = (await get(`/refused/${String(entry?.['id'])}`)).body;
    }
    expect(detail).toMatchObject({ state: 'resolved', resolvedBy: 'automatic', resolvedBusinessKey: key });
    const process = await get(`/processes/${key}`);
    expect((process.body['revisions'] as Body[]).map((revision) => revision['dialect'])).toEqual(['en', 'en']);
  });

  it('should point a refusal into the English body as received', async () => {
    const update = { transactionData: { verificationIdentifier: '55002' }, additionalData: {} };
    const refused = await post('/updateProcessData', update);
    expect(refused.status).toBe(422);
    expect(refused.body['errors']).toEqual([expect.objectContaining({ pointer: '#/additionalData/businessKey' })]);
  });
});
