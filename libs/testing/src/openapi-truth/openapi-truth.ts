import type { DynamicModule, Type } from '@nestjs/common';
import type { ServiceDefinition } from '@maco/platform';
import { type DatabaseProxy, startDatabaseProxy } from '../database-proxy';
import { checkPendingOpenApiAnswers, openApiAnswerRecord, takeOpenApiViolations } from '../openapi-answer-record';
import { openApiCheckerOf } from '../openapi-answer-watch';
import { type ScriptedMiddleware, startScriptedMiddleware } from '../scripted-middleware';
import { createTestDatabase, type TestDatabase, withClient } from '../test-database';
import { startTestService, type TestService } from '../test-service';
import { bookFixtures, type Fixtures, placeholderFixtures } from './fixtures';
import { mainProbes, misses, validRequest } from './probes';
import { ask, BODY_LIMIT_BYTES, type Json, type Operation, operationsOf } from './requests';
import { RoleKit } from './role-kit';

/**
 * Documented answers no request of a test can honestly provoke, each with the reason. The truth suite fails when one
 * is no longer in the document (stale) or was provoked after all (then it needs no exemption).
 */
export const UNPROVOKABLE_ANSWERS: ReadonlyArray<{ method: string; path: string; status: number; reason: string }> = [
  ...['/operator/session', '/triggers/events', '/journal'].flatMap((path) => [
    {
      method: 'GET',
      path,
      status: 500,
      reason:
        'answered from the token, the release catalogue in memory or the write journal on disk: no database or other dependency whose failure a test could cause',
    },
    {
      method: 'GET',
      path,
      status: 503,
      reason: 'answered without the database: it cannot be unavailable to this read',
    },
  ]),
];

/** `QUARANTINE_MAX_BYTES` of the faulty service: its minimum. */
const QUARANTINE_BYTES = 1024 ** 2;

/** Routes that answer without the database: a lost database does not change their answer. */
const WITHOUT_DATABASE = new Set(['GET /operator/session', 'GET /triggers/events', 'GET /health/live', 'GET /journal']);

/** The booking operations: while the database is unreachable their writes go to the write journal (200). */
const BOOKINGS = new Set(['ERSTELLEN_PROZESSDATEN', 'AKTUALISIEREN_PROZESSDATEN']);
const READINESS = 'GET /health/ready';

/** A service of a role as its app composes it. */
export interface TruthSubject {
  definition: ServiceDefinition;
  /** The app's composition (`composeService` of @maco/service, which libs/testing cannot import). */
  compose: (definition: ServiceDefinition) => Type<unknown> | DynamicModule;
}

/**
 * "The document tells the truth" for a role's service: for every operation and status of its OpenAPI document a request
 * built to provoke it gets that status, and (through the answer watch of `startTestService`) every answer is documented
 * and validates. A main service answers what a request can cause; a second service, with a rate limit of one request and
 * its database behind a proxy, answers 429, then 500 once the database lost its tables, then 503 once it is
 * unreachable. At the end every documented (method, path, status) must have been answered, but those of
 * {@link UNPROVOKABLE_ANSWERS}.
 */
export function describeOpenApiTruth(subject: TruthSubject): void {
  const { definition } = subject;
  const role = definition.role;
  const kit = new RoleKit(role);
  const checker = openApiCheckerOf(definition);
  const operations = operationsOf(checker);
  const secured = operations.filter((operation) => operation.secured);

  describe(`the OpenAPI document of the ${role} service tells the truth`, () => {
    let middleware: ScriptedMiddleware;
    let database: TestDatabase;
    let faultyDatabase: TestDatabase;
    let proxy: DatabaseProxy;
    let main: TestService;
    let faulty: TestService;
    let fixtures: Fixtures;

    beforeAll(async () => {
      middleware = await startScriptedMiddleware();
      [database, faultyDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
      proxy = await startDatabaseProxy(faultyDatabase.url);
      [main, faulty] = await Promise.all([
        startTestService(subject.compose(definition), database.url, {
          ...middleware.env,
          BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES),
          LOG_LEVEL: 'silent',
          TRIGGER_POLL_INTERVAL_MS: '60000',
        }),
        startTestService(subject.compose(definition), proxy.url, {
          ...middleware.env,
          RATE_LIMIT: '1',
          RATE_LIMIT_WINDOW_MS: '3600000',
          // The smallest quarantine: one refused megabyte fills it.
          QUARANTINE_MAX_BYTES: String(QUARANTINE_BYTES),
          DATABASE_CONNECT_TIMEOUT_MS: '1000',
          LOG_LEVEL: 'silent',
          TRIGGER_POLL_INTERVAL_MS: '60000',
        }),
      ]);
      fixtures = await bookFixtures(main, kit);
    }, 60_000);

    afterAll(async () => {
      await main?.close();
      await faulty?.close();
      await proxy?.close();
      await middleware?.close();
      await database?.drop();
      await faultyDatabase?.drop();
    });

    describe('a service as deployed', () => {
      it.each(operations.map((operation) => [operation.key, operation] as const))(
        '%s should answer each status a request can provoke',
        async (_key, operation) => {
          expect(
            await misses(
              mainProbes(
                checker,
                kit,
                () => main,
                () => middleware,
                () => fixtures,
                operation,
              ),
            ),
          ).toEqual([]);
        },
      );
    });

    describe('a service with a rate limit of one request per token, then without its database', () => {
      const faultyRequest = (operation: Operation, token: string) =>
        validRequest(checker, kit, operation, placeholderFixtures(), token);

      it('should answer 429 to the second request of a token on every secured route', async () => {
        const probes = secured.map((operation) => {
          const token = kit.token();
          return {
            status: 429,
            what: `${operation.key}, second request`,
            run: async () => {
              await ask(faulty.baseUrl, faultyRequest(operation, token));
              return ask(faulty.baseUrl, faultyRequest(operation, token));
            },
          };
        });
        expect(await misses(probes)).toEqual([]);
      });

      it('should answer 503 on every booking route once the quarantine is full (a refused write it cannot keep)', async () => {
        const bookings = secured.filter(
          (operation) => operation.method === 'POST' && BOOKINGS.has(operation.operation),
        );
        expect(bookings.length).toBeGreaterThan(0);
        // A malformed body that fills what the refusals kept so far (the 429s) left of the quota.
        const usage = await ask(faulty.baseUrl, { method: 'GET', url: '/refused/usage', token: kit.token() });
        const room = QUARANTINE_BYTES - Number(usage.body['bytes']);
        const filler = await ask(faulty.baseUrl, {
          method: 'POST',
          url: bookings[0].path.replace('{role}', role.toLowerCase()),
          token: kit.token(),
          contentType: 'application/json',
          body: '{' + ' '.repeat(room - 1),
        });
        expect(filler.status).toBe(400);
        const probes = bookings.map((operation) => ({
          status: 503,
          what: operation.key,
          run: () => ask(faulty.baseUrl, { ...faultyRequest(operation, kit.token()), body: '{' }),
        }));
        expect(await misses(probes)).toEqual([]);
      });

      it('should answer 500 on every route that reads the database once it lost its tables', async () => {
        await withClient(faultyDatabase.url, (client) =>
          client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public'),
        );
        const probes = secured
          .filter((operation) => !WITHOUT_DATABASE.has(operation.key))
          .map((operation) => ({
            status: 500,
            what: operation.key,
            run: () => ask(faulty.baseUrl, faultyRequest(operation, kit.token())),
          }));
        expect(await misses(probes)).toEqual([]);
      });

      it('should answer 503 on the readiness probe while migrations are missing', async () => {
        const probe = operations.find((operation) => operation.key === READINESS) as Operation;
        expect(
          await misses([
            { status: 503, what: READINESS, run: () => ask(faulty.baseUrl, faultyRequest(probe, kit.token())) },
          ]),
        ).toEqual([]);
      });

      it('should answer 503 on every route that reads the database once it is unreachable, while bookings and readiness go on with the write journal', async () => {
        await proxy.cut();
        const journaling = (operation: Operation) => BOOKINGS.has(operation.operation) || operation.key === READINESS;
        const probes = operations
          .filter((operation) => !WITHOUT_DATABASE.has(operation.key))
          .map((operation) => ({
            status: journaling(operation) ? 200 : 503,
            what: operation.key,
            run: () => ask(faulty.baseUrl, faultyRequest(operation, kit.token())),
          }));
        expect(await misses(probes)).toEqual([]);
      });
    });

    describe('coverage', () => {
      const key = (answer: { method: string; path: string; status: number }) =>
        `${answer.method} ${answer.path} ${answer.status}`;

      it('should have seen every documented (method, path, status) answered, but the unprovokable ones', () => {
        const seen = checkPendingOpenApiAnswers().seen.get(role) ?? new Set<string>();
        const exempt = new Set(UNPROVOKABLE_ANSWERS.map(key));
        expect(
          checker
            .documentedAnswers()
            .map(key)
            .filter((answer) => !seen.has(answer) && !exempt.has(answer)),
        ).toEqual([]);
      });

      it('should exempt only documented answers that no probe provoked (no stale exemption)', () => {
        const seen = openApiAnswerRecord().seen.get(role) ?? new Set<string>();
        const documented = new Set(checker.documentedAnswers().map(key));
        const stale = UNPROVOKABLE_ANSWERS.map(key).filter((answer) => !documented.has(answer) || seen.has(answer));
        expect(stale).toEqual([]);
      });
    });

    describe('the answer watch', () => {
      it('should catch an answer whose status the document lacks and a body that breaks the documented schema', async () => {
        expect(takeOpenApiViolations()).toEqual([]);
        const lying: ServiceDefinition = {
          ...definition,
          groups: definition.groups.map((group) =>
            group.name === 'operator' ? { ...group, openApi: lyingOperatorPart(group.openApi) } : group,
          ),
        };
        const liar = await startTestService(subject.compose(lying), database.url, { LOG_LEVEL: 'silent' });
        try {
          await ask(liar.baseUrl, { method: 'GET', url: '/operator/session', token: kit.token() });
          await ask(liar.baseUrl, { method: 'GET', url: '/operator/session' });
        } finally {
          await liar.close();
        }
        expect(takeOpenApiViolations()).toEqual([
          expect.stringMatching(/^GET \/operator\/session → 200: body\/canWrite must be string/),
          expect.stringMatching(/^GET \/operator\/session → 401: status 401 is not documented/),
        ]);
      });
    });
  });
}

/** The operator group's part with two lies: the session's `canWrite` a string, and no 401. */
function lyingOperatorPart(
  part: ServiceDefinition['groups'][number]['openApi'],
): ServiceDefinition['groups'][number]['openApi'] {
  if (!part) throw new Error('the operator group has no OpenAPI part');
  return (context) => {
    const truth = structuredClone(part(context));
    const session = (truth.paths['/operator/session'] as { get: { responses: Json } }).get;
    delete session.responses['401'];
    const schemas = truth.components?.schemas as Record<string, { properties: Record<string, Json> }>;
    schemas['Operator_Session'].properties['canWrite'] = { type: 'string' };
    return truth;
  };
}
