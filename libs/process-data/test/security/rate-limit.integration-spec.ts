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
import { serviceModule } from '../service-module';

const LIMIT = 5;
const WINDOW_MS = 1500;

/** RATE_LIMIT requests per RATE_LIMIT_WINDOW_MS per token: the next one is 429 with Retry-After and books nothing. */
describe('rate limit per token', () => {
  const template = loadSamples({ role: 'LF', operation: 'create' })[0].body;
  let database: TestDatabase;
  let service: TestService;

  const create = (token: string, businessKey = randomUUID()) =>
    postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(template, businessKey), { token });
  const booked = (businessKey: string) =>
    withClient(
      database.url,
      async (client) =>
        (await client.query('SELECT 1 FROM process_record WHERE business_key = $1', [businessKey])).rowCount,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(serviceModule('LF'), database.url, {
      RATE_LIMIT: String(LIMIT),
      RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should answer 429 with Retry-After once a token exceeds its limit, book nothing, and let other tokens through', async () => {
    const token = mintTestToken({ roles: ['LF'], subject: 'busy-middleware' });
    const other = mintTestToken({ roles: ['LF'], subject: 'other-middleware' });

    const allowed = await Promise.all(Array.from({ length: LIMIT }, () => create(token)));
    const refusedKey = randomUUID();
    const refused = await create(token, refusedKey);
    const otherToken = await create(other);

    expect(allowed.map((answer) => answer.status)).toEqual(Array(LIMIT).fill(200));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({
      status: 429,
      code: 'REQUEST.RATE_LIMITED',
      type: 'urn:maco:problem:rate-limited',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= Math.ceil(WINDOW_MS / 1000)).toBe(true);
    expect(await booked(refusedKey)).toBe(0);
    expect(otherToken.status).toBe(200);

    // Counted per token over both booking routes: an update is refused as well.
    const update = await postJson(`${service.baseUrl}/updateProcessData`, withBusinessKey(template, randomUUID()), {
      token,
    });
    expect(update.status).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await create(token)).status).toBe(200);
  });

  it('should limit requests without a token by client address, before the token check', async () => {
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 1 }, () => postJson(`${service.baseUrl}/createProcessData`, {})),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('should never limit health probes and metrics', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: LIMIT * 3 },
        async (_, i) => (await fetch(`${service.baseUrl}${i % 2 ? '/health/live' : '/metrics'}`)).status,
      ),
    );
    expect(statuses).toEqual(Array(LIMIT * 3).fill(200));
  });
});

describe('rate limit switched off', () => {
  let database: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(serviceModule('LF'), database.url, {
      RATE_LIMIT: '0',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('should let every request through with RATE_LIMIT=0', async () => {
    const template = loadSamples({ role: 'LF', operation: 'create' })[0].body;
    const token = mintTestToken({ roles: ['LF'] });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(template), { token }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
  });
});
