import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign } from 'jsonwebtoken';
import { jwksKeyProvider, SigningKeysUnavailableError } from './jwks-keys';

const keyPair = (kid: string) => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
};
const known = keyPair('known');
const other = keyPair('other');
const tokenOf = (key: ReturnType<typeof keyPair>) => sign({}, key.privateKey, { algorithm: 'RS256', keyid: key.kid });
const keyFor = (provider: ReturnType<typeof jwksKeyProvider>, token: string) =>
  new Promise<{ error: Error | null; key?: string }>((resolve) =>
    provider({}, token, (error, key) => resolve({ error, key })),
  );

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [known.jwk] })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});

afterAll(() => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())));

it('should keep a fetched key through an outage after the JWKS cache expired, and report the others as unavailable', async () => {
  const provider = jwksKeyProvider(url, { cacheMaxAgeMs: 1 });
  const fetched = await keyFor(provider, tokenOf(known));
  expect(fetched.error).toBeNull();
  expect(fetched.key).toContain('BEGIN PUBLIC KEY');
  expect((await keyFor(provider, tokenOf(other))).key).toBeUndefined();

  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await keyFor(provider, tokenOf(known))).toEqual({ error: null, key: fetched.key });
  expect((await keyFor(provider, tokenOf(other))).error).toBeInstanceOf(SigningKeysUnavailableError);
});

it('should give no key for a text that is no JWT', async () => {
  expect(await keyFor(jwksKeyProvider(url), 'not-a-token')).toEqual({ error: null, key: undefined });
});
