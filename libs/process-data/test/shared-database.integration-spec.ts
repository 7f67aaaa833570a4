import { randomUUID } from 'node:crypto';
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

describe('LF and NB services on one database', () => {
  let database: TestDatabase;
  let lf: TestService;
  let nb: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    lf = await startTestService(serviceModule('LF'), database.url);
    nb = await startTestService(serviceModule('NB'), database.url);
  });

  afterAll(async () => {
    await Promise.all([lf?.close(), nb?.close()]);
    await database?.drop();
  });

  it('should book the same business key for each role independently', async () => {
    const businessKey = randomUUID();
    const lfBody = withBusinessKey(loadSamples({ role: 'LF', operation: 'create' })[0].body, businessKey);
    const nbBody = withBusinessKey(loadSamples({ role: 'NB', operation: 'create' })[0].body, businessKey);

    const lfAnswer = await postJson(`${lf.baseUrl}/createProcessData`, lfBody, {
      token: mintTestToken({ roles: ['LF'] }),
    });
    const nbAnswer = await postJson(`${nb.baseUrl}/createProcessData`, nbBody, {
      token: mintTestToken({ roles: ['NB'] }),
    });

    expect([lfAnswer.status, nbAnswer.status]).toEqual([200, 200]);
    expect(nbAnswer.body).toMatchObject({ businessKey, revision: 1, replayed: false });
    const rows = await withClient(
      database.url,
      async (client) =>
        (await client.query('SELECT role FROM process_record WHERE business_key = $1 ORDER BY role', [businessKey]))
          .rows,
    );
    expect(rows).toEqual([{ role: 'LF' }, { role: 'NB' }]);
  });

  it('should refuse an LF token on the NB service and the other way round', async () => {
    const body = withBusinessKey(loadSamples({ role: 'NB', operation: 'create' })[0].body);
    const onNb = await postJson(`${nb.baseUrl}/createProcessData`, body, { token: mintTestToken({ roles: ['LF'] }) });
    const onLf = await postJson(`${lf.baseUrl}/createProcessData`, body, { token: mintTestToken({ roles: ['NB'] }) });

    expect([onNb.status, onLf.status]).toEqual([403, 403]);
    expect(onNb.body).toMatchObject({ code: 'AUTH.ROLE_NOT_PERMITTED', detail: expect.stringContaining('role NB') });
  });

  it('should let one token carrying both roles write to both services', async () => {
    const token = mintTestToken({ roles: ['LF', 'NB'] });
    const body = withBusinessKey(loadSamples({ role: 'NB', operation: 'create' })[0].body);
    const answers = await Promise.all(
      [lf, nb].map((service) => postJson(`${service.baseUrl}/createProcessData`, body, { token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('should refuse a token after its expiry even though it was accepted before', async () => {
    const token = mintTestToken({ roles: ['LF'], expiresInSeconds: 2 });
    const body = () => withBusinessKey(loadSamples({ role: 'LF', operation: 'create' })[0].body);

    expect((await postJson(`${lf.baseUrl}/createProcessData`, body(), { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await postJson(`${lf.baseUrl}/createProcessData`, body(), { token });

    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ detail: 'The bearer token has expired.' });
  });
});
