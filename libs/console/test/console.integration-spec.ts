import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeService } from '@maco/service';
import { createTestDatabase, startTestService, type TestDatabase, type TestService } from '@maco/testing';
import { CONSOLE_GROUP } from '../src';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/console/assets/index-abc123.js"></script></body></html>';
const ASSET = 'console.log("console");';

/** A service of the console group alone, serving `dir` (its CONSOLE_DIR). */
function startConsole(database: TestDatabase, dir: string): Promise<TestService> {
  return startTestService(composeService({ role: 'LF', groups: [CONSOLE_GROUP] }), database.url, {
    LOG_LEVEL: 'error',
    CONSOLE_DIR: dir,
  });
}

describe('the console group', () => {
  let database: TestDatabase;
  let dist: string;
  let built: TestService;
  let missing: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), ASSET);
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    built = await startConsole(database, dist);
    missing = await startConsole(database, join(dist, 'not-there'));
  });

  afterAll(async () => {
    await built?.close();
    await missing?.close();
    await database?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('should serve index.html at /console/ without a token, never cached', async () => {
    const response = await fetch(`${built.baseUrl}/console/`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('should send a strict Content-Security-Policy, no framing and no referrer with the page and its assets', async () => {
    for (const path of ['/console/', '/console/assets/index-abc123.js']) {
      const response = await fetch(`${built.baseUrl}${path}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('should redirect /console to /console/', async () => {
    const response = await fetch(`${built.baseUrl}/console`, { redirect: 'manual' });

    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/console/');
  });

  it('should answer index.html for a client-side route (deep link)', async () => {
    for (const path of [
      '/console/processes/ABC-1',
      '/console/processes/a%2Fb.c',
      '/console/findings?from=2026-04-01',
    ]) {
      const response = await fetch(`${built.baseUrl}${path}`);
      expect([path, response.status, response.headers.get('cache-control')]).toEqual([path, 200, 'no-cache']);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('should serve a hashed asset with a long, immutable cache header', async () => {
    const response = await fetch(`${built.baseUrl}/console/assets/index-abc123.js`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(ASSET);
  });

  it('should serve other files of the build without the long cache', async () => {
    const response = await fetch(`${built.baseUrl}/console/robots.txt`);

    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'no-cache']);
  });

  it('should answer 404 for an asset that is not there rather than HTML', async () => {
    const response = await fetch(`${built.baseUrl}/console/assets/index-old999.js`);

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await response.json()) as unknown).toMatchObject({ code: 'REQUEST.NOT_FOUND' });
  });

  it('should never serve a file outside the directory', async () => {
    const response = await fetch(`${built.baseUrl}/console/..%2f..%2fetc%2fpasswd`);

    expect(await response.text()).toBe(INDEX);
  });

  it('should not look at a token at all, not even a forged one', async () => {
    const response = await fetch(`${built.baseUrl}/console/processes`, {
      headers: { authorization: 'Bearer forged.token.here' },
    });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
  });

  it('should start without a built console and answer 404 CONSOLE.NOT_BUILT telling how to build it', async () => {
    for (const path of ['/console/', '/console/processes/abc', '/console/assets/index-abc123.js']) {
      const response = await fetch(`${missing.baseUrl}${path}`);
      const body = (await response.json()) as Record<string, unknown>;
      expect([path, response.status, response.headers.get('content-type')?.split(';')[0]]).toEqual([
        path,
        404,
        'application/problem+json',
      ]);
      expect(body).toMatchObject({
        status: 404,
        code: 'CONSOLE.NOT_BUILT',
        title: 'The operator console is not built',
      });
      expect(body['detail']).toContain('npx nx run console:build');
    }
  });
});
