/**
 * The token issuer's JWKS goes down while the service runs: tokens of a key fetched before keep working, tokens of a key
 * the service never saw get 503 (whether they are valid cannot be told), not 401; once the JWKS is back they pass.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign } from 'jsonwebtoken';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import { createTestDatabase, startTestService, type TestDatabase, type TestService } from '@maco/testing';

const ISSUER = 'https://idp.example.test';
const AUDIENCE = 'maco-backend';
const keyPair = (kid: string) => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
};
const first = keyPair('key-1');
const second = keyPair('key-2');

const tokenOf = (key: ReturnType<typeof keyPair>) =>
  // A fresh subject each time: the service's cache of verified tokens must not answer for the key check.
  sign({ roles: ['LF'] }, key.privateKey, {
    algorithm: 'RS256',
    keyid: key.kid,
    issuer: ISSUER,
    audience: AUDIENCE,
    subject: randomUUID(),
    expiresIn: 300,
  });

let database: TestDatabase;
let service: TestService;
let jwks: Server;
let port: number;
let published = [first.jwk];

const startJwks = async (listenOn = 0) => {
  jwks = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: published })),
  );
  await new Promise<void>((resolve) => jwks.listen(listenOn, '127.0.0.1', resolve));
  port = (jwks.address() as AddressInfo).port;
};
const stopJwks = () => new Promise<void>((resolve) => jwks.close(() => resolve()));
const session = async (token: string) => {
  const response = await fetch(`${service.baseUrl}/operator/session`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  database = await createTestDatabase();
  await startJwks();
  service = await startTestService(composeService(LF_SERVICE), database.url, {
    JWT_SECRET: '',
    JWT_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
    JWT_ISSUER: ISSUER,
    JWT_AUDIENCE: AUDIENCE,
    JWT_ALGORITHMS: 'RS256',
  });
});

afterAll(async () => {
  await service?.close();
  if (jwks?.listening) await stopJwks();
  await database?.drop();
});

it('should keep accepting tokens of a cached key and answer 503 for others while the JWKS is unreachable', async () => {
  expect((await session(tokenOf(first))).status).toBe(200);
  await stopJwks();

  expect((await session(tokenOf(first))).status).toBe(200);
  const unknownKey = await session(tokenOf(second));
  expect(unknownKey.status).toBe(503);
  expect(unknownKey.body).toMatchObject({ code: 'SERVER.UNAVAILABLE' });

  published = [first.jwk, second.jwk];
  await startJwks(port);
  // jwks-rsa allows ten fetches a minute: the outage used at most two of them.
  expect((await session(tokenOf(second))).status).toBe(200);
});

it('should still answer 401 for a token the reachable JWKS has no key for', async () => {
  const stranger = keyPair('key-3');
  const answer = await session(tokenOf(stranger));
  expect(answer.status).toBe(401);
});
