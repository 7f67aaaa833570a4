import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MarketRole } from '@maco/domain';
import { createServiceApp, loadServiceConfig, setupOpenApi as setupServiceOpenApi } from '@maco/platform';
import { createTestDatabase, startTestService, TEST_JWT_SECRET, type TestDatabase } from '@maco/testing';
import { PROCESS_DATA_GROUP, renderOpenApiDocument } from '../src';
import { serviceModule } from './service-module';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// What the bootstrap serves for an app of this role that offers this group.
const setupOpenApi = (app: NestFastifyApplication, role: MarketRole) =>
  setupServiceOpenApi(app, { role, groups: [PROCESS_DATA_GROUP] });

/** `startTestService`, with `setupOpenApi` where the bootstrap calls it: after `createServiceApp`, before `listen`. */
async function startWithOpenApi(
  role: MarketRole,
  databaseUrl: string,
): Promise<{ app: NestFastifyApplication; baseUrl: string }> {
  const config = loadServiceConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const app = await createServiceApp(serviceModule(role), config, { logLevels: ['error', 'warn'] });
  setupOpenApi(app, role);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  return { app, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

describe('OpenAPI over HTTP (NB service)', () => {
  let database: TestDatabase;
  let service: { app: NestFastifyApplication; baseUrl: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startWithOpenApi('NB', database.url);
  });

  afterAll(async () => {
    await service?.app.close();
    await database?.drop();
  });

  it('should serve /docs/openapi.json without a token, the document of the groups it serves', async () => {
    const response = await fetch(`${service.baseUrl}/docs/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as Json;
    expect(document).toEqual(JSON.parse(renderOpenApiDocument('NB')));

    expect(document['components']['securitySchemes']['bearer']).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    );
    for (const [path, operationId] of [
      ['/createProcessData', 'ERSTELLEN_PROZESSDATEN'],
      ['/updateProcessData', 'AKTUALISIEREN_PROZESSDATEN'],
    ]) {
      const operation = document['paths'][path]['post'];
      expect(operation.operationId).toBe(operationId);
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '413', '415', '422']),
      );
    }
    expect(Object.keys(document['paths']['/createProcessData']['post'].responses)).toContain('409');
    expect(Object.keys(document['paths'])).toEqual(expect.arrayContaining(['/health/live', '/health/ready']));
  });

  it('should serve Swagger UI at /docs without a token', async () => {
    const response = await fetch(`${service.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('swagger-ui');
    // The page's script embeds the document; the assets come from swagger-ui-dist. Bodies are read, so no
    // connection stays busy and keeps the app from closing.
    const init = await fetch(`${service.baseUrl}/docs/swagger-ui-init.js`);
    expect(init.status).toBe(200);
    expect(await init.text()).toContain('ERSTELLEN_PROZESSDATEN');
    const asset = await fetch(`${service.baseUrl}/docs/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('should still require a token on the operations', async () => {
    const response = await fetch(`${service.baseUrl}/createProcessData`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
  });
});

describe('setupOpenApi and app.init', () => {
  it('should work with app.init() (no listen), as in-process tests run the app', async () => {
    const database = await createTestDatabase();
    const config = loadServiceConfig({
      JWT_SECRET: TEST_JWT_SECRET,
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const app = await createServiceApp(serviceModule('MSB'), config, { logLevels: ['error', 'warn'] });
    try {
      setupOpenApi(app, 'MSB');
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      const response = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json().paths['/updateProcessData'].post.operationId).toBe('AKTUALISIEREN_PROZESSDATEN');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('setupOpenApi after listen', () => {
  it('should be refused: Fastify takes no routes once listening (so the bootstrap calls it before listen)', async () => {
    const database = await createTestDatabase();
    const service = await startTestService(serviceModule('LF'), database.url);
    try {
      expect(() => setupOpenApi(service.app, 'LF')).toThrow('Fastify instance is already listening. Cannot add route!');
    } finally {
      await service.close();
      await database.drop();
    }
  });
});
