/**
 * Secrets stay out of the logs: the built service runs at its most verbose level through a booking, a refused token
 * and a trigger delivery (password grant at the middleware), then fails to start with a bad configuration; every
 * line it wrote is searched for each secret it held (and the forms a secret travels in: the Basic header, URL-encoded).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@maco/database';
import {
  createTestDatabase,
  loadSamples,
  maloIdentBody,
  mintTestToken,
  runScript,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  stopChildren,
  type TestDatabase,
  withBusinessKey,
  workspaceRoot,
} from '@maco/testing';

const MAIN = join(workspaceRoot(), 'apps', 'lf', 'dist', 'main.js');
// Characters that URL-encoding changes, as real passwords have them.
const secret = (label: string) => `${label}-${randomBytes(18).toString('base64url')}+/@`;

const run = (env: NodeJS.ProcessEnv) => runScript(MAIN, env);

/** Each secret and the encodings it may leave the service in. */
function forms(secrets: Record<string, string>): [string, string][] {
  return Object.entries(secrets).flatMap(([name, value]) => [
    [name, value],
    [`${name} (URL-encoded)`, encodeURIComponent(value)],
    [`${name} (base64)`, Buffer.from(value).toString('base64')],
  ]);
}

/** The secrets found in the output, by name; a JWT also by its signature, the part that makes it a credential. */
function leaked(output: string, secrets: Record<string, string>): string[] {
  const found = forms(secrets)
    .filter(([, value]) => output.includes(value))
    .map(([name]) => name);
  for (const [name, value] of Object.entries(secrets)) {
    const signature = value.split('.')[2];
    if (signature && output.includes(signature)) found.push(`${name} (signature)`);
  }
  return found;
}

describe('secrets in the logs', () => {
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the app first (nx run lf:build)`);
    database = await createTestDatabase();
  });

  afterEach(() => stopChildren());

  afterAll(async () => {
    await middleware?.close();
    await database?.drop();
  });

  it('should log no token, password, client secret or JWT secret while booking, refusing and sending a trigger', async () => {
    const jwtSecret = secret('jwt-secret');
    const clientSecret = secret('client-secret');
    const password = secret('password');
    const databasePassword = secret('db-password');
    middleware = await startScriptedMiddleware({ clientSecret, password });
    const port = await freePort();
    // Trust authentication ignores the password, so it can be in the URL like a real one.
    const databaseUrl = new URL(database.url);
    databaseUrl.password = databasePassword;
    const service = run({
      ...middleware.env,
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'trace',
    });
    const url = `http://127.0.0.1:${port}`;
    for (let waited = 0; (await fetch(`${url}/health/ready`).catch(() => undefined))?.status !== 200; waited += 100) {
      if (waited > 30_000) throw new Error(`service did not start: ${service.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const bearer = mintTestToken({ secret: jwtSecret, roles: ['LF'] });
    const forged = mintTestToken({ secret: secret('other'), roles: ['LF'] });
    const sample = loadSamples({ role: 'LF', operation: 'create' })[0];
    const post = (path: string, body: unknown, token: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });

    expect(
      (await post('/createProcessData', withBusinessKey(sample.body, `secrets-${Date.now()}`), bearer)).status,
    ).toBe(200);
    expect((await post('/createProcessData', sample.body, forged)).status).toBe(401);
    expect((await post('/triggers/START_MALOIDENT', maloIdentBody(), bearer)).status).toBe(201);
    expect(middleware.issuedTokens()).toHaveLength(1);

    service.child.kill('SIGTERM');
    await service.exited;
    const output = service.output();
    // The run was logged at all: the requests are there, so an empty output cannot pass.
    expect(output).toContain('/createProcessData');
    expect(output).toContain('/triggers/START_MALOIDENT');
    // The search finds a secret in any of its forms (a check that cannot fail would prove nothing).
    expect(leaked(`x ${encodeURIComponent(password)} y ${bearer.split('.')[2]}`, { password, bearer })).toEqual([
      'password (URL-encoded)',
      'bearer (signature)',
    ]);
    const secrets = {
      jwtSecret,
      clientSecret,
      password,
      databasePassword,
      bearer,
      forged,
      accessToken: middleware.issuedTokens()[0],
    };
    expect(leaked(output, secrets)).toEqual([]);
  }, 60_000);

  it('should name the bad variables of a failed start without their values', async () => {
    const tooShortJwtSecret = secret('short').slice(0, 20);
    const password = secret('password');
    const clientSecret = secret('client-secret');
    const databasePassword = secret('db-password');
    const databaseUrl = new URL(database.url);
    databaseUrl.password = databasePassword;
    const service = run({
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: tooShortJwtSecret,
      MACO_APP_URL: 'not a url',
      MACO_TOKEN_URL: 'http://127.0.0.1:9/oauth/token',
      MACO_CLIENT_ID: 'maco-backend',
      MACO_CLIENT_SECRET: clientSecret,
      MACO_USERNAME: 'svc-backend',
      MACO_PASSWORD: password,
      PORT: 'eighty',
      LOG_LEVEL: 'trace',
    });

    expect(await service.exited).toBe(1);
    const output = service.output();
    for (const variable of ['JWT_SECRET', 'MACO_APP_URL', 'PORT']) expect(output).toContain(variable);
    expect(leaked(output, { tooShortJwtSecret, password, clientSecret, databasePassword })).toEqual([]);
  }, 30_000);
});
