/**
 * A body is read only for a caller whose token holds, and never parsed into a stall: an anonymous 16 MB body of nested
 * brackets blocked the event loop for about 2.8 s, because it was read and parsed before the guard looked at the token.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
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

const SIXTEEN_MB = 16 * 1024 * 1024;

/**
 * Sends the headers of a `length`-byte body and only `sent` bytes of it, then waits for the answer: a server that
 * answers must have done so without reading the rest.
 */
function answerToPartialBody(
  url: string,
  headers: Record<string, string>,
  length: number,
  sent: Buffer,
): Promise<{ status: number; body: Record<string, unknown>; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          connection: response.headers.connection,
        });
        req.destroy();
      });
    });
    // The server closing the connection on its answer is expected; anything before an answer is not.
    req.on('error', (error) => reject(error));
    req.write(sent);
  });
}

describe('the token before the body', () => {
  const template = loadSamples({ role: 'LF', operation: 'create' })[0].body;
  const token = mintTestToken({ roles: ['LF'] });
  let database: TestDatabase;
  let service: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startTestService(serviceModule('LF'), database.url);
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it.each([
    ['no token', {}],
    [
      'a forged token',
      { authorization: `Bearer ${mintTestToken({ secret: 'another-secret-long-enough-for-hs256-xxxx' })}` },
    ],
  ])(
    'should answer an anonymous 16 MB body 401 from its first 64 KB, while a valid booking goes through (%s)',
    async (_, headers) => {
      const nested = Buffer.from('['.repeat(64 * 1024));
      const [anonymous, booking] = await Promise.all([
        answerToPartialBody(`${service.baseUrl}/createProcessData`, headers, SIXTEEN_MB, nested),
        postJson(`${service.baseUrl}/createProcessData`, withBusinessKey(template, randomUUID()), { token }),
      ]);
      expect(anonymous).toMatchObject({ status: 401, body: { code: 'AUTH.UNAUTHENTICATED' }, connection: 'close' });
      expect(booking.status).toBe(200);
    },
  );

  it('should refuse an unknown path with a body as 401 too, without reading it (the 404 route would parse it)', async () => {
    const answer = await answerToPartialBody(`${service.baseUrl}/no-such-path`, {}, SIXTEEN_MB, Buffer.from('[[['));
    expect(answer.status).toBe(401);
  });

  it('should refuse a token holder’s 16 MB nested body 422 at the first level too deep, and keep it whole', async () => {
    const half = SIXTEEN_MB / 2;
    const body = '['.repeat(half) + ']'.repeat(half);
    const answer = await postJson(`${service.baseUrl}/createProcessData`, undefined, { token, raw: body });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      code: 'REQUEST.JSON_LIMIT_EXCEEDED',
      errors: [{ pointer: '#' + '/0'.repeat(32) }],
    });
    const kept = await withClient(database.url, async (client) =>
      client.query<{ bytes: number }>(
        "SELECT octet_length(body) AS bytes FROM refused_message WHERE code = 'REQUEST.JSON_LIMIT_EXCEEDED'",
      ),
    );
    expect(kept.rows).toEqual([{ bytes: SIXTEEN_MB }]);
  });
});
