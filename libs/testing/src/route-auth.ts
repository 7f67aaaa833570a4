import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MarketRole } from '@maco/domain';
import type { RouteAuth } from '@maco/platform';
import { type RecordedRoute, recordRoutes, withoutHeadTwins } from '@maco/platform';
import type { RouteWithAuth } from './route-listing-report';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestService, type TestService } from './test-service';
import { mintTestToken } from './tokens';

/** Requests in flight at once: enough to be quick, few enough for a 2-core machine. */
const BATCH = 12;

interface Answer {
  route: RouteWithAuth;
  status: number;
}

/** The route's path with every parameter and wildcard filled with a placeholder (`/processes/:key` → `/processes/x`). */
export function samplePath(path: string): string {
  return path.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
}

/** One request per route; a body-taking method gets `{}`, which every such route refuses (400/422) before working. */
async function askEveryRoute(baseUrl: string, routes: readonly RouteWithAuth[], token?: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let start = 0; start < routes.length; start += BATCH) {
    const batch = routes.slice(start, start + BATCH).map(async (route) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      if (withBody) headers['content-type'] = 'application/json';
      // Manual: `/console` answers with a redirect, which is its answer here.
      const response = await fetch(`${baseUrl}${samplePath(route.path)}`, {
        method: route.method,
        headers,
        body: withBody ? '{}' : undefined,
        redirect: 'manual',
      });
      await response.arrayBuffer();
      return { route, status: response.status };
    });
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

/** The answers that break `expected` (auth kind → whether the status is right), as `METHOD path auth → status` lines. */
function wrongAnswers(answers: readonly Answer[], expected: Record<RouteAuth, (status: number) => boolean>): string[] {
  return answers
    .filter(({ route, status }) => !expected[route.auth](status))
    .map(({ route, status }) => `${route.method} ${route.path} ${route.auth} → ${status}`);
}

const isUnauthenticated = (status: number) => status === 401;
const isForbidden = (status: number) => status === 403;
const passedGuards = (status: number) => status !== 401 && status !== 403;

/** A service as its app starts it, and the listing of its routes (the app's test passes @maco/service's). */
export interface ListedService {
  role: MarketRole;
  module: Type<unknown> | DynamicModule;
  /** What the service adds before it listens besides its controllers (`addRoutesOutsideControllers`). */
  beforeListen: (app: NestFastifyApplication) => void;
  listRoutes: () => Promise<RouteWithAuth[]>;
}

/**
 * The route listing tells the truth about a started service: it lists exactly the routes Fastify serves, and every
 * route answers as its auth says without a token, with an `OPERATOR` token and with the role's token.
 */
export function describeRouteAuth(subject: ListedService): void {
  describe(`auth of every route of the ${subject.role} service`, () => {
    let served: RecordedRoute[] = [];
    let listed: RouteWithAuth[];
    let database: TestDatabase;
    let service: TestService;

    beforeAll(async () => {
      listed = await subject.listRoutes();
      database = await createTestDatabase();
      service = await startTestService(
        subject.module,
        database.url,
        { LOG_LEVEL: 'error' },
        {
          beforeListen: (app) => {
            served = recordRoutes(app.getHttpAdapter().getInstance());
            subject.beforeListen(app);
          },
        },
      );
    });

    afterAll(async () => {
      await service?.close();
      await database?.drop();
    });

    it('should list exactly the routes the started service serves', () => {
      const key = (route: RecordedRoute) => `${route.method} ${route.path}`;
      expect(withoutHeadTwins(served).map(key).sort()).toEqual(listed.map(key).sort());
    });

    it('should answer 401 without a token on every route but the public ones', async () => {
      const answers = await askEveryRoute(service.baseUrl, listed);
      expect(
        wrongAnswers(answers, {
          public: (status) => !isUnauthenticated(status),
          role: isUnauthenticated,
          'role+operator': isUnauthenticated,
        }),
      ).toEqual([]);
    });

    it('should let an OPERATOR token past the guards on the operator-readable and public routes only (403 elsewhere)', async () => {
      const answers = await askEveryRoute(
        service.baseUrl,
        listed,
        mintTestToken({ roles: ['OPERATOR'], subject: 'route-auth' }),
      );
      expect(wrongAnswers(answers, { public: passedGuards, role: isForbidden, 'role+operator': passedGuards })).toEqual(
        [],
      );
    });

    it("should let the role's token past the guards on every route", async () => {
      const answers = await askEveryRoute(
        service.baseUrl,
        listed,
        mintTestToken({ roles: [subject.role], subject: 'route-auth' }),
      );
      expect(
        wrongAnswers(answers, { public: passedGuards, role: passedGuards, 'role+operator': passedGuards }),
      ).toEqual([]);
    });
  });
}
