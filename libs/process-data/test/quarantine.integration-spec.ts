import { randomUUID } from 'node:crypto';
import {
  loadSamples,
  mintTestToken,
  postJson,
  type TestDatabase,
  type TestService,
  useServicesOnOneDatabase,
  withClient,
} from '@maco/testing';
import { serviceModule } from './service-module';

type Entry = Record<string, unknown> & { id: string; state: string; code: string };

/** The quarantine (LF): every write refused after authentication is kept verbatim, re-resolved, resubmitted or dismissed. */
describe('quarantine of refused writes (LF)', () => {
  const token = mintTestToken({ roles: ['LF'], subject: 'middleware' });
  const operatorToken = mintTestToken({ roles: ['OPERATOR'], subject: 'clerk' });
  const shared = useServicesOnOneDatabase({ service: serviceModule('LF') });
  const strictShared = useServicesOnOneDatabase(
    { strict: serviceModule('LF') },
    { LOG_LEVEL: 'error', AHB_RULE_MODE: 'strict' },
  );
  let database: TestDatabase;
  let service: TestService;
  let strict: TestService;
  beforeAll(() => {
    ({
      database,
      services: { service },
    } = shared);
    strict = strictShared.services.strict;
  });

  const createBody = (businessKey: string) => {
    const body = structuredClone(loadSamples({ role: 'LF', operation: 'create' })[0].body);
    body['zusatzdaten'] = { businessKey };
    return body;
  };
  const get = async (path: string, bearer = token) => {
    const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const entries = async (query = '') => ((await get(`/refused${query}`)).body['items'] as Entry[]) ?? [];
  const byRequest = async (requestId: string) =>
    (await entries('?limit=200')).find((entry) => entry['requestId'] === requestId);
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const action = (path: string) =>
    fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).then(
      async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }),
    );
  const postRaw = (path: string, raw: string, bearer?: string, requestId = randomUUID()) =>
    fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: raw,
    }).then(async (response) => ({
      status: response.status,
      requestId,
      body: (await response.json()) as Record<string, unknown>,
    }));

  it('should keep a body that does not parse verbatim, with the problem it was answered, and count it', async () => {
    const raw = '{"stammdaten": {"MARKTLOKATION": [ }, "zusatzdaten": {"businessKey": "x"}';
    const answer = await postRaw('/createProcessData', raw, token);
    expect(answer.status).toBe(400);

    const entry = await byRequest(answer.requestId);
    expect(entry).toMatchObject({
      operation: 'create',
      path: '/createProcessData',
      status: 400,
      code: 'REQUEST.MALFORMED_JSON',
      state: 'open',
      tokenSubject: 'middleware',
    });
    const detail = (await get(`/refused/${entry?.id}`, operatorToken)).body;
    expect(detail).toMatchObject({
      bodyText: raw,
      body: null,
      bodySize: Buffer.byteLength(raw),
      problem: { code: 'REQUEST.MALFORMED_JSON', status: 400 },
    });
    const metrics = await (
      await fetch(`${service.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(metrics).toMatch(/maco_refused_total\{role="LF",operation="create",code="REQUEST.MALFORMED_JSON"\} [1-9]/);
  });

  it('should keep a body with text jsonb cannot hold, and a problem that echoes it', async () => {
    const raw =
      '{"stammdaten": {"MARKTLOKATION": [{"marktlokationsId": "\\u0000\\ud800"}]}, "transaktionsdaten": {"pruefidentifikator": "55001"}}';
    const answer = await postRaw('/createProcessData?command=%00', raw, token);
    expect(answer.status).toBe(422);
    const entry = await byRequest(answer.requestId);
    expect(entry).toMatchObject({ code: 'REQUEST.UNSTORABLE_TEXT', pruefidentifikator: '55001' });
    expect((await get(`/refused/${entry?.id}`)).body).toMatchObject({ bodyText: raw, command: '\ufffd' });
  });

  it('should keep what strict mode now refuses for a property the dialect brought in (passed unchecked before), and book it in report mode', async () => {
    // zusatzdaten.ermaechtigungVorhanden is a boolean in the vendor's dialect; the domain did not know it before.
    const body = {
      ...createBody(randomUUID()),
      zusatzdaten: { businessKey: randomUUID(), ermaechtigungVorhanden: 'ja' },
    };
    const refused = await postJson(`${strict.baseUrl}/createProcessData`, body, { token });
    expect([refused.status, refused.body.errors?.map((error) => error.pointer)]).toEqual([
      422,
      ['#/zusatzdaten/ermaechtigungVorhanden'],
    ]);
    const kept = await withClient(
      strictShared.database.url,
      async (client) =>
        (
          await client.query(
            `SELECT code, convert_from(body, 'UTF8')::jsonb AS body FROM refused_message WHERE request_id = $1`,
            [refused.headers.get('x-request-id')],
          )
        ).rows,
    );
    expect(kept).toEqual([{ code: 'REQUEST.VALIDATION_FAILED', body }]);

    const booked = await postJson(`${service.baseUrl}/createProcessData`, body, { token });
    expect([
      booked.status,
      (booked.body['findings'] as { code: string; pointer: string }[])
        .filter((finding) => finding.code === 'invalid-value')
        .map((finding) => finding.pointer),
    ]).toEqual([200, ['#/zusatzdaten/ermaechtigungVorhanden']]);
  });

  it('should keep nothing from a caller without a valid token or of another role', async () => {
    const before = (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM refused_message`))[0].n;
    // The token is judged before the body is read: a caller without a valid one is 401 whatever it sent; a body that
    // does not parse from a token of another role is 400, kept only for a caller of this role.
    expect((await postRaw('/createProcessData', '{not json', undefined)).status).toBe(401);
    expect((await postRaw('/createProcessData', '{not json', 'not-a-token')).status).toBe(401);
    expect((await postRaw('/createProcessData', '{"a": 1}', 'not-a-token')).status).toBe(401);
    expect((await postRaw('/createProcessData', '{"a": 1}', mintTestToken({ roles: ['NB'] }))).status).toBe(403);
    expect((await postRaw('/createProcessData', '{not json', mintTestToken({ roles: ['NB'] }))).status).toBe(400);
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM refused_message`))[0].n).toBe(before);
  });

  it('should book an update that overtook its process as soon as a create brings its key, recording where it came from', async () => {
    const businessKey = randomUUID();
    const update = {
      stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '51238696788', netzebene: 'NSP' }] },
      transaktionsdaten: { pruefidentifikator: '55003' },
      zusatzdaten: { businessKey: randomUUID(), targetBusinessKey: businessKey },
    };
    const refused = await postRaw('/updateProcessData', JSON.stringify(update), token);
    expect(refused.status).toBe(422);
    const entry = await byRequest(refused.requestId);
    expect(entry).toMatchObject({ code: 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN', state: 'open', operation: 'update' });

    expect((await postJson(`${service.baseUrl}/createProcessData`, createBody(businessKey), { token })).status).toBe(
      200,
    );
    let detail: Record<string, unknown> = {};
    for (let waited = 0; waited < 10_000 && detail['state'] !== 'resolved'; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = (await get(`/refused/${entry?.id}`)).body;
    }
    expect(detail).toMatchObject({
      state: 'resolved',
      resolvedBy: 'automatic',
      resolvedBusinessKey: businessKey,
      resolvedRevision: 2,
    });
    const revisions = await sql<{ revision: number; request_id: string; token_subject: string }>(
      `SELECT v.revision, v.request_id, v.token_subject FROM process_revision v JOIN process_record r ON r.id = v.record_id
        WHERE r.role = 'LF' AND r.business_key = $1 ORDER BY v.revision`,
      [businessKey],
    );
    expect(revisions).toEqual([
      expect.objectContaining({ revision: 1 }),
      { revision: 2, request_id: `refused:${entry?.id}`, token_subject: 'middleware' },
    ]);
  });

  // JWT_MAX_LIFETIME (default 24 h) made a token the middleware may be configured with refused (401) where it booked
  // before: a write it carried is the middleware's own, so it is kept and can be resubmitted, never lost.
  it('should keep the write of a correctly signed token refused for its lifetime, and book it on resubmit', async () => {
    const businessKey = randomUUID();
    const longLived = mintTestToken({ roles: ['LF'], subject: 'middleware', expiresInSeconds: 365 * 24 * 3600 });
    const answer = await postRaw('/createProcessData', JSON.stringify(createBody(businessKey)), longLived);
    expect(answer.status).toBe(401);
    expect(answer.body['detail']).toMatch(/JWT_MAX_LIFETIME/);

    const entry = await byRequest(answer.requestId);
    expect(entry).toMatchObject({ status: 401, code: 'AUTH.UNAUTHENTICATED', tokenSubject: 'middleware' });
    const resubmitted = await action(`/refused/${entry?.id}/resubmit`);
    expect(resubmitted.body).toMatchObject({ outcome: 'booked', receipt: { businessKey, revision: 1 } });
  });

  it('should keep nothing of a token that is not correctly signed, whatever it claims', async () => {
    const before = (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM refused_message`))[0].n;
    const forged = mintTestToken({ roles: ['LF'], secret: 'another-secret-that-is-long-enough-for-hs256-x' });
    expect((await postRaw('/createProcessData', JSON.stringify(createBody(randomUUID())), forged)).status).toBe(401);
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM refused_message`))[0].n).toBe(before);
  });

  it('should book a resubmitted entry through the normal path, and a second resubmit books nothing more', async () => {
    const businessKey = randomUUID();
    const refused = await fetch(`${service.baseUrl}/createProcessData`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-format-version': '99/99',
        'x-request-id': randomUUID(),
      },
      body: JSON.stringify(createBody(businessKey)),
    });
    expect(refused.status).toBe(422);
    const entry = await byRequest(refused.headers.get('x-request-id') as string);
    expect(entry?.code).toBe('REQUEST.UNKNOWN_RELEASE');

    const first = await action(`/refused/${entry?.id}/resubmit`);
    const second = await action(`/refused/${entry?.id}/resubmit`);

    expect(first.body).toMatchObject({
      outcome: 'booked',
      receipt: { businessKey, revision: 1, replayed: false },
      entry: { state: 'resolved', resolvedBy: 'resubmit' },
    });
    expect(second.body).toMatchObject({
      outcome: 'booked',
      receipt: { businessKey, revision: 1, replayed: true },
      entry: { state: 'resolved' },
    });
    expect(
      await sql(`SELECT 1 FROM process_record WHERE role = 'LF' AND business_key = $1`, [businessKey]),
    ).toHaveLength(1);
  });

  it('should page through entries received within one millisecond without repeating or skipping one', async () => {
    // Four refusals, then moved into one millisecond, microseconds apart: a cursor rounded to the millisecond would
    // repeat or skip some of them at a page boundary.
    const requestIds = await Promise.all(
      [1, 2, 3, 4].map(async () => (await postRaw('/updateProcessData', '[1]', token)).requestId),
    );
    await sql(
      `UPDATE refused_message SET received_at = '2020-01-01T00:00:00.000100Z'::timestamptz + (ordinal * interval '1 microsecond')
       FROM (SELECT id AS target, row_number() OVER (ORDER BY id) AS ordinal FROM refused_message WHERE request_id = ANY($1::text[])) numbered
       WHERE id = target`,
      [requestIds],
    );
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null && pages < 10; pages++) {
      const page = await get(`/refused?to=2020-01-01T00:00:01Z&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...(page.body['items'] as Entry[]).map((entry) => entry.id));
      cursor = page.body['nextCursor'] as string | null;
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('should dismiss an entry with a reason, and then refuse to resubmit it', async () => {
    const answer = await postRaw('/updateProcessData', '[]', token);
    const entry = await byRequest(answer.requestId);
    expect(entry).toMatchObject({ status: 422, code: 'REQUEST.VALIDATION_FAILED' });

    expect((await postJson(`${service.baseUrl}/refused/${entry?.id}/dismiss`, {}, { token })).status).toBe(422);
    const dismissed = await postJson(
      `${service.baseUrl}/refused/${entry?.id}/dismiss`,
      { reason: 'test message of the middleware vendor' },
      { token },
    );
    expect(dismissed.body).toMatchObject({
      state: 'dismissed',
      dismissedReason: 'test message of the middleware vendor',
      dismissedBy: 'middleware',
    });
    expect((await action(`/refused/${entry?.id}/resubmit`)).body).toMatchObject({ code: 'REFUSED.DISMISSED' });
    expect((await entries('?state=dismissed')).map((listed) => listed.id)).toContain(entry?.id);
    expect((await get('/refused/00000000-0000-7000-8000-000000000000')).body).toMatchObject({
      code: 'REFUSED.NOT_FOUND',
    });
    expect((await get('/refused?state=lost')).status).toBe(400);
  });
});
