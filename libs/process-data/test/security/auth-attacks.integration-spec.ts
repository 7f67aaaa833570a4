/**
 * Attacks on the bearer-token check of a real LF service (Fastify, passport-jwt) backed by a real PostgreSQL.
 * Every attack posts a valid LF create body under a fresh business key and must be refused with 401 (403 for a
 * valid token without the LF role, 431 where Node refuses an oversize header first), never 2xx; then SQL proves
 * nothing was booked for that key. A ledger of every request is checked at the end: 2xx only for positive controls.
 *
 * Comparisons of secret material:
 * - HS256 signatures are checked by jsonwebtoken → jws → jwa, which compares with crypto.timingSafeEqual; RS256 by
 *   crypto.verify. We do not compare signatures, secrets or keys ourselves.
 * - Our one comparison of token material is the VerifiedTokenCache (libs/auth): a Map lookup of tokens verified
 *   before. A string-keyed Map hashes the input and compares contents only on a hash hit, so as a timing oracle it
 *   was theoretical; still, it is now keyed by the token's SHA-256 (cheap, ~1 µs), so no lookup ever compares
 *   attacker-chosen bytes with a real token, and the cache no longer holds bearer tokens in plain text.
 */
import { createHmac, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  request as httpRequest,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign, type SignOptions } from 'jsonwebtoken';
import { Client } from 'pg';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  startTestService,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestService,
  withBusinessKey,
} from '@maco/testing';
import { serviceModule } from '../service-module';

const CREATE = '/createProcessData';
const lfCreate = (() => {
  const sample = loadSamples({ role: 'LF', operation: 'create' }).find(
    (candidate) => candidate.pruefidentifikator === '55001',
  );
  if (!sample) throw new Error('sample lf-create-55001.json is missing');
  return sample.body;
})();

/** Header values; an array sends the header once per value (node:http only). */
type RequestHeaders = Record<string, string | string[]>;

interface Answer {
  status: number;
  contentType: string;
  wwwAuthenticate: string;
  body: Record<string, unknown>;
}

/** One line per request sent: the reliability report's raw data. */
const ledger: { suite: string; name: string; kind: 'attack' | 'control'; status: number }[] = [];

let database: TestDatabase;
let sql: Client;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

// ---------------------------------------------------------------------------------------------------------------
// Token crafting by hand (base64url), for what jsonwebtoken refuses to sign.

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** header.payload.signature with an HMAC (SHA-256 unless told) over the first two parts, or the given signature text. */
function forge(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signature: { hmacKey: string | Buffer; hash?: 'sha256' | 'sha384' } | string,
): string {
  const signingInput = `${b64url(header)}.${b64url(payload)}`;
  const sig =
    typeof signature === 'string'
      ? signature
      : createHmac(signature.hash ?? 'sha256', signature.hmacKey)
          .update(signingInput)
          .digest('base64url');
  return `${signingInput}.${sig}`;
}

/** The same token with its payload replaced and header and signature kept. */
function withPayload(token: string, change: (payload: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${b64url(change(decoded))}.${signature}`;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: postJson for ordinary requests; node:http where fetch cannot express the attack (repeated header lines,
// headers beyond Node's limit, where the server closes the connection after its 431).

async function viaFetch(url: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const response = await postJson(url, body, { headers });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    wwwAuthenticate: response.headers.get('www-authenticate') ?? '',
    body: response.body,
  };
}

function viaNodeHttp(url: string, body: unknown, headers: RequestHeaders): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': payload.length,
        ...headers,
      } as OutgoingHttpHeaders,
    });
    req.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => undefined);
      response.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const head: IncomingHttpHeaders = response.headers;
        let parsed: Record<string, unknown> = {};
        try {
          parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          parsed = { raw: text };
        }
        resolve({
          status: response.statusCode ?? 0,
          contentType: head['content-type'] ?? '',
          wwwAuthenticate: String(head['www-authenticate'] ?? ''),
          body: parsed,
        });
      });
    });
    // The server may close while we still write an oversize request: only an error without an answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One harness per service: send, record, check the problem body and the database.

function harness(suite: string, service: () => TestService) {
  const booked = async (businessKey: string) =>
    Number(
      (
        await sql.query('SELECT count(*) AS n FROM process_record WHERE role = $1 AND business_key = $2', [
          'LF',
          businessKey,
        ])
      ).rows[0].n,
    );

  const send = async (
    name: string,
    kind: 'attack' | 'control',
    headers: RequestHeaders,
    options: { path?: string; raw?: boolean; body?: (businessKey: string) => unknown } = {},
  ) => {
    const businessKey = randomUUID();
    const body = options.body ? options.body(businessKey) : withBusinessKey(lfCreate, businessKey);
    const url = service().baseUrl + (options.path ?? CREATE);
    const answer = options.raw
      ? await viaNodeHttp(url, body, headers)
      : await viaFetch(url, body, headers as Record<string, string>);
    ledger.push({ suite, name, kind, status: answer.status });
    return { answer, businessKey, rows: await booked(businessKey) };
  };

  /** An attack that must end in a 401/403 problem and nothing booked. */
  const refused = async (
    name: string,
    headers: RequestHeaders,
    expected: {
      status?: 401 | 403;
      detail?: string | RegExp;
      path?: string;
      raw?: boolean;
      body?: (businessKey: string) => unknown;
    } = {},
  ) => {
    const status = expected.status ?? 401;
    const { answer, rows } = await send(name, 'attack', headers, expected);
    expect({ name, status: answer.status, rows }).toEqual({ name, status, rows: 0 });
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      type: expect.stringMatching(/^urn:maco:problem:/),
      title: expect.any(String),
      status,
      detail:
        expected.detail === undefined
          ? expect.any(String)
          : typeof expected.detail === 'string'
            ? expected.detail
            : expect.stringMatching(expected.detail),
      code: status === 401 ? 'AUTH.UNAUTHENTICATED' : 'AUTH.ROLE_NOT_PERMITTED',
    });
    if (status === 401) expect(answer.wwwAuthenticate).toMatch(/^Bearer realm="maco"/);
    return answer;
  };

  /** A positive control: must book exactly once. */
  const accepted = async (name: string, headers: RequestHeaders, options: { raw?: boolean } = {}) => {
    const { answer, businessKey, rows } = await send(name, 'control', headers, options);
    expect({ name, status: answer.status, rows }).toEqual({ name, status: 200, rows: 1 });
    expect(answer.body).toMatchObject({ businessKey, revision: 1 });
    return answer;
  };

  return { send, refused, accepted };
}

const bearer = (token: string): RequestHeaders => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------------------------------------

describe('auth attacks on an LF service with a shared secret (HS256)', () => {
  const ISSUER = 'https://idp.example.test/hs';
  const AUDIENCE = 'maco-lf';
  const claims = { iss: ISSUER, aud: AUDIENCE };
  const token = (options: Parameters<typeof mintTestToken>[0] = {}) =>
    mintTestToken({ ...options, extraClaims: { ...claims, ...options.extraClaims } });
  let service: TestService;
  const { refused, accepted, send } = harness('HS256', () => service);

  beforeAll(async () => {
    service = await startTestService(serviceModule('LF'), database.url, { JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('should book with a valid LF token (positive control)', async () => {
    await accepted('valid HS256 token', bearer(token()));
  });

  it('should refuse unsigned tokens (alg none), whatever the spelling of none and with or without a signature', async () => {
    const payload = { roles: ['LF'], sub: 'mallory', exp: now() + 300, ...claims };
    const valid = token();
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      await refused(`alg ${alg}, empty signature`, bearer(forge({ alg, typ: 'JWT' }, payload, '')));
    }
    await refused(
      'alg none, signature of a valid token kept',
      bearer(forge({ alg: 'none', typ: 'JWT' }, payload, valid.split('.')[2])),
    );
    await refused('alg none, no signature part at all', bearer(forge({ alg: 'none' }, payload, '').slice(0, -1)));
  });

  it('should refuse tokens signed with another secret, an empty secret or another HMAC algorithm', async () => {
    const payload = { roles: ['LF'], exp: now() + 300, ...claims };
    await refused('another secret', bearer(token({ secret: 'another-secret-that-is-long-enough-for-hs256-xx' })), {
      detail: 'The bearer token is invalid.',
    });
    await refused('empty secret', bearer(forge({ alg: 'HS256', typ: 'JWT' }, payload, { hmacKey: '' })));
    await refused(
      'secret with a trailing newline',
      bearer(forge({ alg: 'HS256', typ: 'JWT' }, payload, { hmacKey: TEST_JWT_SECRET + '\n' })),
    );
    await refused('right secret, HS512', bearer(token({ algorithm: 'HS512' })));
    await refused('right secret, HS384', bearer(token({ algorithm: 'HS384' })));
  });

  it('should refuse expired and not-yet-valid tokens', async () => {
    await refused('expired 10 s ago', bearer(token({ expiresInSeconds: -10 })), {
      detail: 'The bearer token has expired.',
    });
    await refused('expired 1 s ago', bearer(token({ expiresInSeconds: -1 })), {
      detail: 'The bearer token has expired.',
    });
    await refused('nbf 60 s ahead', bearer(token({ notBeforeSeconds: 60 })), {
      detail: 'The bearer token is not valid yet.',
    });
  });

  it('should refuse a token without exp: it would never expire', async () => {
    const forever = sign({ roles: ['LF'], ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256', subject: 'forever' });
    await refused('no exp claim', bearer(forever), { detail: /expir/ });
  });

  it('should refuse a token whose crit header names a parameter it does not understand (RFC 7515 §4.1.11)', async () => {
    const payload = { roles: ['LF'], sub: 'crit', iat: now(), exp: now() + 300, ...claims };
    const header = { alg: 'HS256', typ: 'JWT' };
    await accepted(
      'same token without crit (positive control)',
      bearer(forge(header, payload, { hmacKey: TEST_JWT_SECRET })),
    );
    await refused(
      'crit naming an unknown parameter',
      bearer(forge({ ...header, crit: ['exp-x'], 'exp-x': 1 }, payload, { hmacKey: TEST_JWT_SECRET })),
      { detail: /crit/ },
    );
    await refused('crit empty', bearer(forge({ ...header, crit: [] }, payload, { hmacKey: TEST_JWT_SECRET })), {
      detail: /crit/,
    });
  });

  it('should refuse a token valid for longer than JWT_MAX_LIFETIME (default 24 h)', async () => {
    await accepted('24 h exactly (positive control)', bearer(token({ expiresInSeconds: 24 * 3600 })));
    await refused('24 h and a minute', bearer(token({ expiresInSeconds: 24 * 3600 + 60 })), {
      detail: /JWT_MAX_LIFETIME/,
    });
    // The year 5138, as a probe sent it; without iat the lifetime counts from now.
    const farFuture = forge(
      { alg: 'HS256', typ: 'JWT' },
      { roles: ['LF'], exp: 99_999_999_999, ...claims },
      { hmacKey: TEST_JWT_SECRET },
    );
    await refused('exp in the year 5138, no iat', bearer(farFuture), { detail: /JWT_MAX_LIFETIME/ });
  });

  it('should refuse a tampered payload, also after the original token was accepted and remembered', async () => {
    const nbToken = token({ roles: ['NB'] });
    await refused('original NB token (verified, cached, role refused)', bearer(nbToken), { status: 403 });
    await refused('roles NB → LF, signature kept', bearer(withPayload(nbToken, (p) => ({ ...p, roles: ['LF'] }))), {
      detail: 'The bearer token is invalid.',
    });
    await refused(
      'roles NB → [NB, LF], signature kept',
      bearer(withPayload(nbToken, (p) => ({ ...p, roles: ['NB', 'LF'] }))),
    );
    const lfToken = token();
    await accepted('valid LF token before tampering (cached)', bearer(lfToken));
    await refused(
      'exp pushed 10 years ahead, signature kept',
      bearer(withPayload(lfToken, (p) => ({ ...p, exp: now() + 315_360_000 }))),
    );
    await refused('sub changed, signature kept', bearer(withPayload(lfToken, (p) => ({ ...p, sub: 'admin' }))));
    await refused('signature cut off', bearer(lfToken.slice(0, lfToken.lastIndexOf('.') + 1)));
    await refused(
      'signature of another token',
      bearer(`${lfToken.slice(0, lfToken.lastIndexOf('.'))}.${nbToken.split('.')[2]}`),
    );
  });

  it('should refuse a wrong or missing issuer or audience', async () => {
    await refused('wrong issuer', bearer(token({ extraClaims: { iss: 'https://evil.example.test' } })), {
      detail: 'The bearer token is invalid.',
    });
    await refused('wrong audience', bearer(token({ extraClaims: { aud: 'maco-nb' } })), {
      detail: 'The bearer token is invalid.',
    });
    await refused('issuer as prefix', bearer(token({ extraClaims: { iss: `${ISSUER}/evil` } })));
    const bare = (payload: Record<string, unknown>) =>
      sign({ roles: ['LF'], ...payload }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 300 });
    await refused('no issuer', bearer(bare({ aud: AUDIENCE })));
    await refused('no audience', bearer(bare({ iss: ISSUER })));
  });

  it('should answer 403 for a valid token without the LF role', async () => {
    await refused('roles []', bearer(token({ roles: [] })), { status: 403 });
    await refused('roles [NB]', bearer(token({ roles: ['NB'] })), { status: 403, detail: /permits NB/ });
    await refused('roles [NB, MSB]', bearer(token({ roles: ['NB', 'MSB'] })), { status: 403 });
    await refused('roles "lf" (lower case)', bearer(token({ roles: ['lf'] })), { status: 403 });
    await refused('roles "LFX" string', bearer(token({ roles: 'LFX NB' })), { status: 403 });
    await refused('roles {LF: true}', bearer(token({ roles: { LF: true } })), { status: 403 });
    await refused(
      'roles claim missing',
      bearer(sign({ ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 300 })),
      {
        status: 403,
        detail: /no market role/,
      },
    );
    await refused('LF only in another claim', bearer(token({ roles: [], extraClaims: { scope: 'LF', role: 'LF' } })), {
      status: 403,
    });
  });

  it('should not take a token from the query string or the body', async () => {
    const valid = token();
    await refused(
      '?access_token=',
      {},
      { path: `${CREATE}?access_token=${valid}`, detail: 'A bearer token is required.' },
    );
    await refused('?token=', {}, { path: `${CREATE}?token=${valid}`, detail: 'A bearer token is required.' });
    await refused(
      '?command=…&access_token=',
      {},
      { path: `${CREATE}?command=ERSTELLEN_PROZESSDATEN&access_token=${valid}` },
    );
    await refused(
      'access_token in the JSON body',
      {},
      { body: (key) => ({ ...withBusinessKey(lfCreate, key), access_token: valid }) },
    );
    await refused('token in Proxy-Authorization', { 'proxy-authorization': `Bearer ${valid}` });
    await refused('token in X-Access-Token', { 'x-access-token': valid });
  });

  it('should refuse malformed Authorization headers', async () => {
    const valid = token();
    const forged = forge({ alg: 'none' }, { roles: ['LF'], exp: now() + 300, ...claims }, '');
    await refused('"Bearer" without a token', { authorization: 'Bearer' });
    await refused('"Bearer " with spaces only', { authorization: 'Bearer    ' }, { raw: true });
    await refused('empty Authorization', { authorization: '' }, { raw: true });
    await refused('"Bearer:" + token', { authorization: `Bearer:${valid}` });
    await refused('"Bearer" glued to the token', { authorization: `Bearer${valid}` });
    await refused('token without a scheme', { authorization: valid });
    await refused('scheme JWT', { authorization: `JWT ${valid}` });
    await refused('scheme Token', { authorization: `Token ${valid}` });
    await refused('scheme Basic', { authorization: `Basic ${Buffer.from(`x:${valid}`).toString('base64')}` });
    await refused('"Bearer <valid> <junk>"', { authorization: `Bearer ${valid} junk` });
    await refused('"Bearer <valid>,"', { authorization: `Bearer ${valid},` });
    await refused('"Bearer" quoted token', { authorization: `Bearer "${valid}"` });
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      await refused(`${scheme} + alg none`, { authorization: `${scheme} ${forged}` });
      await refused(`${scheme} + expired`, { authorization: `${scheme} ${token({ expiresInSeconds: -5 })}` });
      await refused(
        `${scheme} + NB token`,
        { authorization: `${scheme} ${token({ roles: ['NB'] })}` },
        { status: 403 },
      );
    }
  });

  it('should accept the scheme in any case, as RFC 9110 §11.1 demands (positive control)', async () => {
    await accepted('lower-case "bearer" + valid token', { authorization: `bearer ${token()}` });
  });

  it('should refuse two Authorization values, whichever of them is valid', async () => {
    const valid = token();
    const forged = forge({ alg: 'none' }, { roles: ['LF'], exp: now() + 300, ...claims }, '');
    await refused(
      'two header lines: valid, forged',
      { authorization: [`Bearer ${valid}`, `Bearer ${forged}`] },
      { raw: true },
    );
    await refused(
      'two header lines: forged, valid',
      { authorization: [`Bearer ${forged}`, `Bearer ${valid}`] },
      { raw: true },
    );
    await refused(
      'two header lines: valid, valid',
      { authorization: [`Bearer ${valid}`, `Bearer ${valid}`] },
      { raw: true },
    );
    await refused('one line, comma-joined: valid, forged', { authorization: `Bearer ${valid}, Bearer ${forged}` });
    await refused('one line, comma-joined with space: valid , forged', {
      authorization: `Bearer ${valid} , Bearer ${forged}`,
    });
    await refused('one line: Basic …, Bearer valid', { authorization: `Basic eDp5, Bearer ${valid}` });
  });

  it('should not let the cache of verified tokens extend a token beyond its exp', async () => {
    const exp = now() + 2;
    const shortLived = sign({ roles: ['LF'], exp, ...claims }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      subject: 'short-lived',
    });
    await accepted('short-lived token, first use (verified, cached)', bearer(shortLived));
    await accepted('short-lived token, second use (from the cache)', bearer(shortLived));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 20));
    await refused('short-lived token just after its exp', bearer(shortLived), {
      detail: 'The bearer token has expired.',
    });
    await refused(
      'short-lived token, lower-case scheme, after its exp',
      { authorization: `bearer ${shortLived}` },
      { detail: 'The bearer token has expired.' },
    );
  });

  it('should refuse oversize Authorization headers and keep serving', async () => {
    // Below Node's 16 KiB header limit: it reaches the guard.
    await refused('12 KB token', { authorization: `Bearer ${'a'.repeat(12 * 1024)}` }, { raw: true });
    await refused(
      '12 KB JWT-shaped token',
      { authorization: `Bearer ${token()}.${'A'.repeat(12 * 1024)}` },
      { raw: true },
    );
    for (const size of [20 * 1024, 100 * 1024]) {
      const name = `${size / 1024} KB Authorization header`;
      const { answer, rows } = await send(
        name,
        'attack',
        { authorization: `Bearer ${'a'.repeat(size)}` },
        { raw: true },
      );
      expect({ name, status: answer.status, rows }).toEqual({ name, status: 431, rows: 0 });
      expect(answer.contentType).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({
        status: 431,
        code: 'REQUEST.HEADERS_TOO_LARGE',
        type: 'urn:maco:problem:headers-too-large',
      });
    }
    await accepted('normal request after the oversize ones', bearer(token()));
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('auth attacks on an LF service with keys from a JWKS URL (RS256)', () => {
  const ISSUER = 'https://idp.example.test/realms/maco';
  const AUDIENCE = 'maco-backend';
  const KID = 'maco-signing-1';
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, use: 'sig', alg: 'RS256' };
  const publicPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  let jwksServer: Server;
  let jwksRequests = 0;
  let service: TestService;
  const { refused, accepted } = harness('RS256', () => service);

  const rs = (
    options: {
      key?: KeyObject;
      kid?: string;
      algorithm?: SignOptions['algorithm'];
      payload?: Record<string, unknown>;
      expiresIn?: number;
    } = {},
  ) =>
    sign({ roles: ['LF'], ...options.payload }, options.key ?? privateKey, {
      algorithm: options.algorithm ?? 'RS256',
      keyid: options.kid ?? KID,
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: 'maco-app',
      expiresIn: options.expiresIn ?? 300,
    });
  const payload = () => ({ roles: ['LF'], sub: 'mallory', iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 300 });

  beforeAll(async () => {
    jwksServer = createServer((request, response) => {
      jwksRequests++;
      if (request.url !== '/.well-known/jwks.json') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    service = await startTestService(serviceModule('LF'), database.url, {
      JWT_SECRET: '',
      JWT_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: AUDIENCE,
      JWT_ALGORITHMS: 'RS256',
    });
  });

  afterAll(async () => {
    await service?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  it('should book with a valid RS256 token from the JWKS (positive control)', async () => {
    await accepted('valid RS256 token', bearer(rs()));
    expect(jwksRequests).toBeGreaterThanOrEqual(1);
  });

  it('should refuse HS256 tokens keyed with the RSA public key (algorithm confusion)', async () => {
    const spkiDer = publicKey.export({ format: 'der', type: 'spki' });
    const pkcs1Pem = publicKey.export({ format: 'pem', type: 'pkcs1' }).toString();
    const keys: [string, string | Buffer][] = [
      ['PEM (SPKI) text', publicPem],
      ['PEM text without the final newline', publicPem.trimEnd()],
      ['PEM (PKCS#1) text', pkcs1Pem],
      ['DER bytes', spkiDer],
      ["the JWK's n", String(jwk.n)],
      ['the JWK as JSON', JSON.stringify(jwk)],
    ];
    for (const [name, hmacKey] of keys) {
      for (const [alg, hash] of [
        ['HS256', 'sha256'],
        ['HS384', 'sha384'],
      ] as const) {
        const forged = forge({ alg, typ: 'JWT', kid: KID }, payload(), { hmacKey, hash });
        await refused(`${alg} keyed with ${name}`, bearer(forged), { detail: 'The bearer token is invalid.' });
      }
    }
  });

  it('should refuse unsigned tokens (alg none)', async () => {
    const valid = rs();
    await refused('alg none, kid of the real key', bearer(forge({ alg: 'none', typ: 'JWT', kid: KID }, payload(), '')));
    await refused('alg none, no kid', bearer(forge({ alg: 'none' }, payload(), '')));
    await refused(
      'alg NONE, RS256 signature kept',
      bearer(forge({ alg: 'NONE', kid: KID }, payload(), valid.split('.')[2])),
    );
  });

  it('should refuse tokens signed by another key', async () => {
    await refused('another key, same kid', bearer(rs({ key: other.privateKey })), {
      detail: 'The bearer token is invalid.',
    });
    await refused('another key, unknown kid', bearer(rs({ key: other.privateKey, kid: 'attacker-key' })));
    await refused('right key, unknown kid', bearer(rs({ kid: 'no-such-kid' })));
    const attackerJwk = { ...other.publicKey.export({ format: 'jwk' }), kid: KID };
    const embedded = sign({ ...payload() }, other.privateKey, {
      algorithm: 'RS256',
      header: { alg: 'RS256', kid: KID, jwk: attackerJwk } as never,
    });
    await refused('attacker key embedded as jwk header', bearer(embedded));
    const jku = sign({ ...payload() }, other.privateKey, {
      algorithm: 'RS256',
      header: { alg: 'RS256', kid: 'x', jku: 'http://127.0.0.1:1/evil.json' } as never,
    });
    await refused('attacker JWKS named in jku header', bearer(jku));
    const tampered = withPayload(rs({ payload: { roles: ['NB'] } }), (p) => ({ ...p, roles: ['LF'] }));
    await refused('RS256 payload tampered (NB → LF)', bearer(tampered));
  });

  it('should refuse algorithms outside JWT_ALGORITHMS even with the right key', async () => {
    await refused('PS256 with the right key', bearer(rs({ algorithm: 'PS256' })));
    await refused('RS512 with the right key', bearer(rs({ algorithm: 'RS512' })));
  });

  it('should refuse a wrong issuer or audience and an expired token', async () => {
    await refused(
      'wrong audience',
      bearer(
        sign({ roles: ['LF'] }, privateKey, {
          algorithm: 'RS256',
          keyid: KID,
          issuer: ISSUER,
          audience: 'maco-other',
          expiresIn: 300,
        }),
      ),
    );
    await refused(
      'wrong issuer',
      bearer(
        sign({ roles: ['LF'] }, privateKey, {
          algorithm: 'RS256',
          keyid: KID,
          issuer: 'https://evil.example.test',
          audience: AUDIENCE,
          expiresIn: 300,
        }),
      ),
    );
    await refused('expired', bearer(rs({ expiresIn: -10 })), { detail: 'The bearer token has expired.' });
    await refused(
      'no exp',
      bearer(
        sign({ roles: ['LF'] }, privateKey, { algorithm: 'RS256', keyid: KID, issuer: ISSUER, audience: AUDIENCE }),
      ),
    );
  });

  it('should answer 403 for a valid RS256 token without the LF role', async () => {
    await refused('RS256 roles [NB]', bearer(rs({ payload: { roles: ['NB'] } })), { status: 403 });
  });

  it('should not fetch the JWKS once per forged kid (jwks-rsa: at most 10 fetches a minute)', async () => {
    const before = jwksRequests;
    for (let i = 0; i < 15; i++)
      await refused(`unknown kid flood #${i + 1}`, bearer(rs({ key: other.privateKey, kid: `flood-${i}` })));
    expect(jwksRequests - before).toBeLessThanOrEqual(10);
    await accepted('valid RS256 token after the kid flood (key still cached)', bearer(rs()));
  });
});

// ---------------------------------------------------------------------------------------------------------------

it('should have answered 2xx to positive controls only, and booked nothing else (reliability ledger)', async () => {
  const controls = ledger.filter((entry) => entry.kind === 'control');
  const attacks = ledger.filter((entry) => entry.kind === 'attack');
  const byStatus = ledger.reduce<Record<number, number>>(
    (counts, entry) => ({ ...counts, [entry.status]: (counts[entry.status] ?? 0) + 1 }),
    {},
  );
  const report = {
    requests: ledger.length,
    controls: controls.length,
    attacks: attacks.length,
    byStatus,
    status200: byStatus[200] ?? 0,
    attacks2xx: attacks
      .filter((entry) => entry.status >= 200 && entry.status < 300)
      .map((entry) => `${entry.suite}: ${entry.name}`),
  };
  console.info(`auth-attacks ledger: ${JSON.stringify(report)}`);

  expect(report.attacks2xx).toEqual([]);
  expect(report.status200).toBe(controls.length);
  expect(controls.every((entry) => entry.status === 200)).toBe(true);
  const rows = Number((await sql.query('SELECT count(*) AS n FROM process_record')).rows[0].n);
  expect(rows).toBe(controls.length);
});
