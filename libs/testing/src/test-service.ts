import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, loadServiceConfig } from '@maco/platform';
import { watchAnswersAgainstOpenApi } from './openapi-answer-watch';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TEST_JWT_SECRET } from './tokens';

export interface TestService {
  app: NestFastifyApplication;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a service module on a free loopback port, as `main.ts` would, against the given database. Platform and the
 * groups read their configs from `env` alone (over a test secret and quiet logs), never from `process.env`. Every answer
 * it gives is checked against the OpenAPI document of its service definition ({@link watchAnswersAgainstOpenApi}).
 */
export async function startTestService(
  appModule: Type<unknown> | DynamicModule,
  databaseUrl: string,
  env: Record<string, string> = {},
  options: {
    beforeListen?: (app: NestFastifyApplication) => void;
    /** Routes of the test's own (probes) that no OpenAPI document has, each with the reason: their answers are not checked. */
    routesOutsideTheDocument?: Record<string, string>;
  } = {},
): Promise<TestService> {
  // Each service its own write journal (one writer per folder), removed with it unless the test named one.
  const journalDir = env['JOURNAL_DIR'] ? undefined : mkdtempSync(join(tmpdir(), 'maco-test-journal-'));
  const serviceEnv = {
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'warn',
    ...(journalDir ? { JOURNAL_DIR: journalDir } : {}),
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
  };
  const app = await createServiceApp(appModule, loadServiceConfig(serviceEnv), {
    logLevels: ['error', 'warn'],
    env: serviceEnv,
  });
  watchAnswersAgainstOpenApi(app, options.routesOutsideTheDocument);
  options.beforeListen?.(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    await app.close();
    if (journalDir) rmSync(journalDir, { recursive: true, force: true });
  };
  return { app, baseUrl: `http://127.0.0.1:${port}`, close };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { errors?: { pointer: string; message: string }[] };
}

/** POSTs a JSON body (or raw text) and reads the JSON answer. */
export async function postJson(
  url: string,
  body: unknown,
  options: { token?: string; contentType?: string; raw?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/json',
    ...options.headers,
  };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const response = await fetch(url, { method: 'POST', headers, body: options.raw ?? JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/**
 * Services that share one fresh test database for a test file: created before its tests, closed and dropped after.
 * The returned object fills in `beforeAll`; read its fields inside tests.
 */
export function useServicesOnOneDatabase<K extends string>(
  modules: Record<K, Type<unknown> | DynamicModule>,
  env: Record<string, string> = { LOG_LEVEL: 'error' },
): { database: TestDatabase; services: Record<K, TestService> } {
  const shared = { database: undefined as unknown as TestDatabase, services: {} as Record<K, TestService> };
  beforeAll(async () => {
    shared.database = await createTestDatabase();
    for (const [name, module] of Object.entries(modules) as [K, Type<unknown> | DynamicModule][]) {
      shared.services[name] = await startTestService(module, shared.database.url, env);
    }
  });
  afterAll(async () => {
    for (const service of Object.values(shared.services) as TestService[]) await service?.close();
    await shared.database?.drop();
  });
  return shared;
}
