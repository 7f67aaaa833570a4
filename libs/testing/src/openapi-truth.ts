import { randomUUID } from 'node:crypto';
import type { DynamicModule, Type } from '@nestjs/common';
import { MARKET_ROLES, type MarketRole, releaseInForceAt, triggerEvent, triggerEventNames } from '@maco/domain';
import type { ServiceDefinition } from '@maco/platform';
import { type DatabaseProxy, startDatabaseProxy } from './database-proxy';
import { checkPendingOpenApiAnswers, openApiAnswerRecord, takeOpenApiViolations } from './openapi-answer-record';
import { openApiCheckerOf } from './openapi-answer-watch';
import type { OpenApiAnswerChecker } from './openapi-answers';
import { loadSamples, withBusinessKey } from './samples';
import { type ScriptedMiddleware, startScriptedMiddleware } from './scripted-middleware';
import { createTestDatabase, type TestDatabase, withClient } from './test-database';
import { startTestService, type TestService } from './test-service';
import { mintTestToken } from './tokens';
import { triggerBodyFor } from './trigger-bodies';

type Json = Record<string, unknown>;

/**
 * Documented answers no request of a test can honestly provoke, each with the reason. The truth suite fails when one
 * is no longer in the document (stale) or was provoked after all (then it needs no exemption).
 */
export const UNPROVOKABLE_ANSWERS: ReadonlyArray<{ method: string; path: string; status: number; reason: string }> = [
  ...['/operator/session', '/triggers/events'].flatMap((path) => [
    {
      method: 'GET',
      path,
      status: 500,
      reason:
        'answered from the token and the release catalogue in memory: no database or other dependency whose failure a test could cause',
    },
    {
      method: 'GET',
      path,
      status: 503,
      reason: 'answered without the database: it cannot be unavailable to this read',
    },
  ]),
];

/** Routes that answer without the database: a lost database does not change their answer. */
const WITHOUT_DATABASE = new Set(['GET /operator/session', 'GET /triggers/events', 'GET /health/live']);

/** A service of a role as its app composes it. */
export interface TruthSubject {
  definition: ServiceDefinition;
  /** The app's composition (`composeService` of @maco/service, which libs/testing cannot import). */
  compose: (definition: ServiceDefinition) => Type<unknown> | DynamicModule;
}

/** One request as the probes send it. */
interface Ask {
  method: string;
  /** Path and query. */
  url: string;
  /** The bearer token; absent: none. */
  token?: string;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  body: Json;
}

/** A documented operation: its path in the document, method and OpenAPI operation object. */
interface Operation {
  method: string;
  path: string;
  key: string;
  /**
   * The operationId without the suffix another name of the same operation gets (`ERSTELLEN_PROZESSDATEN` of
   * `ERSTELLEN_PROZESSDATEN_erstellenProzessdaten`): what the probes know the operation by, under each of its names.
   */
  operation: string;
  spec: Json;
  secured: boolean;
}

/** What the probes know of the data the main service holds. */
interface Fixtures {
  /** A booked process; the update of the probes is booked on it. */
  processKey: string;
  /** Another booked process. */
  otherProcessKey: string;
  /** A key two processes carry (one as business key, the other as prozessId). */
  ambiguousKey: string;
  /** Quarantine entries: open, open for the dismissal probe, dismissed, resolved. */
  refusedOpen: string;
  refusedToDismiss: string;
  refusedDismissed: string;
  refusedResolved: string;
  /** NB: the key of a recorded MaLo identification. */
  maloIdentKey: string;
  /** LF: a START_MALOIDENT the middleware took, which a MaloIdent answer (201) is booked on. */
  maloIdentTrigger?: { prozessId: string; businessKey: string };
}

/** Placeholders: what the probes of the faulty service send (its database is never asked for them before it fails). */
const placeholderFixtures = (): Fixtures => ({
  processKey: randomUUID(),
  otherProcessKey: randomUUID(),
  ambiguousKey: randomUUID(),
  refusedOpen: randomUUID(),
  refusedToDismiss: randomUUID(),
  refusedDismissed: randomUUID(),
  refusedResolved: randomUUID(),
  maloIdentKey: randomUUID(),
});

const KEY_DATE = '2026-06-01T00:00:00Z';
const MALO_ID = '50074561192';
/** Larger than the main service's body limit (`BODY_LIMIT_BYTES`). */
const BODY_LIMIT_BYTES = 64 * 1024;
/** Deeper than any service takes (`JSON_MAX_DEPTH`, default 32). */
const JSON_DEPTH = 40;

async function ask(baseUrl: string, request: Ask): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers['authorization'] = `Bearer ${request.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Json = {};
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    // not JSON: the watch judges the body, the probes only the status
  }
  return { status: response.status, body };
}

const json = (body: unknown): Pick<Ask, 'contentType' | 'body'> => ({
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/** The operations of a document, secured or not. */
function operationsOf(checker: OpenApiAnswerChecker): Operation[] {
  return Object.entries(checker.document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, spec]) => {
        const operation = spec as Json;
        const security = operation['security'] as unknown[] | undefined;
        const operationId = String(operation['operationId'] ?? '');
        return {
          method: method.toUpperCase(),
          path,
          key: `${method.toUpperCase()} ${path}`,
          operation: operationId.replace(/_[a-z].*$/, ''),
          spec: operation,
          secured: security === undefined || security.length > 0,
        };
      }),
  );
}

/** The query parameters of an operation, `$ref`s resolved. */
function queryParameters(checker: OpenApiAnswerChecker, operation: Operation): Json[] {
  const shared = ((checker.document as { components?: { parameters?: Record<string, Json> } }).components?.parameters ??
    {}) as Record<string, Json>;
  return ((operation.spec['parameters'] ?? []) as Json[])
    .map((parameter) =>
      typeof parameter['$ref'] === 'string'
        ? shared[(parameter['$ref'] as string).split('/').pop() as string]
        : parameter,
    )
    .filter((parameter) => parameter?.['in'] === 'query');
}

/** A value the parameter's schema takes: its example, else a date, the first allowed value or its default. */
function sampleValue(schema: Json): string {
  if (schema['example'] !== undefined) return String(schema['example']);
  if (schema['format'] === 'date-time') return KEY_DATE;
  if (Array.isArray(schema['enum'])) return String(schema['enum'][0]);
  if (schema['default'] !== undefined) return String(schema['default']);
  return 'x';
}

/** A value the parameter's schema refuses, if the schema says enough to build one. */
function refusedValue(schema: Json): string | undefined {
  if (Array.isArray(schema['enum'])) return 'no-such-value';
  if (typeof schema['minimum'] === 'number') return String(schema['minimum'] - 1);
  if (typeof schema['pattern'] === 'string' && !new RegExp(schema['pattern']).test('!')) return '!';
  if (schema['format'] === 'date-time') return 'not-a-date';
  return undefined;
}

const queryString = (entries: Array<[string, string]>) =>
  entries.length ? `?${new URLSearchParams(entries).toString()}` : '';

/** A query the operation refuses: without its required parameters, else with one parameter its schema refuses. */
function refusedQuery(checker: OpenApiAnswerChecker, operation: Operation): string | undefined {
  const parameters = queryParameters(checker, operation);
  if (parameters.some((parameter) => parameter['required'] === true)) return '';
  for (const parameter of parameters) {
    const value = refusedValue((parameter['schema'] ?? {}) as Json);
    if (value !== undefined) return queryString([[String(parameter['name']), value]]);
  }
  return undefined;
}

/** The documented statuses of an operation. */
const statusesOf = (operation: Operation) => Object.keys((operation.spec['responses'] ?? {}) as Json).map(Number);

/** What the probes need of the role: its bodies and events. */
class RoleKit {
  readonly otherRole: MarketRole;
  readonly release = releaseInForceAt(new Date()) ?? '10/26';
  readonly eventname: string;
  private subjects = 0;

  constructor(readonly role: MarketRole) {
    this.otherRole = MARKET_ROLES.find((candidate) => candidate !== role) as MarketRole;
    const names = triggerEventNames(this.release, role);
    this.eventname = names.includes('START_MALOIDENT') ? 'START_MALOIDENT' : names[0];
  }

  /** A token of the role with a subject of its own: a rate-limit bucket of its own. */
  token(): string {
    return mintTestToken({ roles: [this.role], subject: `openapi-truth-${(this.subjects += 1)}` });
  }

  createBody(businessKey: string = randomUUID(), zusatzdaten: Json = {}): Json {
    const body = withBusinessKey(this.sample('create'), businessKey);
    body['zusatzdaten'] = { ...(body['zusatzdaten'] as Json), ...zusatzdaten };
    return body;
  }

  updateBody(zusatzdaten: Json): Json {
    return { ...structuredClone(this.sample('update')), zusatzdaten };
  }

  triggerBody(prozessId = randomUUID(), eventname = this.eventname): Json {
    const event = triggerEvent(this.release, this.role, eventname);
    if (!event) throw new Error(`no trigger event ${eventname} of ${this.role} in ${this.release}`);
    return { ...triggerBodyFor(event), zusatzdaten: { prozessId } };
  }

  identifyBody(key: string): Json {
    return {
      stammdaten: {
        MARKTLOKATION: [
          { boTyp: 'MARKTLOKATION', versionStruktur: '1', energierichtung: 'AUSSP', marktlokationsId: MALO_ID },
        ],
      },
      transaktionsdaten: {
        vorgangsnummer: key,
        idempodenzschluessel: key,
        ausfuehrungsdatum: KEY_DATE,
        absender: { rollencodenummer: '9904000000005' },
        empfaenger: { rollencodenummer: '9900936000002' },
      },
    };
  }

  private sample(operation: 'create' | 'update'): Json {
    const sample = loadSamples({ role: this.role, operation })[0];
    if (!sample) throw new Error(`no ${this.role} ${operation} sample`);
    return sample.body;
  }
}

/**
 * The request an operation answers with success, with the fixtures' keys. A documented operation the suite does not know
 * (a path parameter or a body it cannot fill in) fails here: a new route needs its request below.
 */
function validRequest(
  checker: OpenApiAnswerChecker,
  kit: RoleKit,
  operation: Operation,
  fixtures: Fixtures,
  token: string,
): Ask {
  const get = (url: string): Ask => ({ method: 'GET', url, token });
  const post = (url: string, body?: unknown): Ask => ({
    method: 'POST',
    url,
    token,
    ...(body === undefined ? {} : json(body)),
  });
  const at = (value: string) => operation.path.replace(/\{[^}]+\}/, encodeURIComponent(value));
  switch (`${operation.method} ${operation.operation}`) {
    case 'POST ERSTELLEN_PROZESSDATEN':
      return post(operation.path, kit.createBody());
    case 'POST AKTUALISIEREN_PROZESSDATEN':
      return post(operation.path, kit.updateBody({ businessKey: fixtures.processKey }));
    case 'GET LESEN_PROZESS':
      return get(at(fixtures.processKey));
    case 'GET LESEN_ABGEWIESEN_EINTRAG':
      return get(at(fixtures.refusedOpen));
    case 'POST ERNEUT_EINREICHEN':
      return post(at(fixtures.refusedOpen));
    case 'POST VERWERFEN':
      return post(at(fixtures.refusedToDismiss), { reason: 'checked by the OpenAPI truth suite' });
    case 'POST TRIGGER_EVENT':
      return post(at(kit.eventname), kit.triggerBody());
    case 'POST IMPORTIEREN_STAMMDATEN':
      return post(operation.path, {
        stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: MALO_ID }] },
      });
    case 'POST IDENTIFIZIEREN_LOKATION_BASIS':
      return post(operation.path, { stammdaten: { MARKTLOKATION: [{ marktlokationsId: MALO_ID }] } });
    case 'POST LESEN_MALOIDENT_BASIS':
      return post(operation.path, kit.identifyBody(randomUUID()));
    case 'GET MALOIDENT_RECORDED_REQUEST':
      return get(at(fixtures.maloIdentKey));
  }
  if (operation.method !== 'GET' || operation.path.includes('{'))
    throw new Error(`The OpenAPI truth suite has no request for ${operation.key}: add one to validRequest`);
  const query = queryParameters(checker, operation)
    .filter((parameter) => parameter['required'] === true)
    .map((parameter): [string, string] => [
      String(parameter['name']),
      sampleValue((parameter['schema'] ?? {}) as Json),
    ]);
  return { ...get(`${operation.path}${queryString(query)}`), ...(operation.secured ? {} : { token: undefined }) };
}

/** A probe: a request (or a few) built to provoke one status. */
interface Probe {
  status: number;
  what: string;
  run: () => Promise<Answer>;
}

/** The probes of the main service for one operation: every status a request can provoke there. */
function mainProbes(
  checker: OpenApiAnswerChecker,
  kit: RoleKit,
  service: () => TestService,
  middleware: () => ScriptedMiddleware,
  fixtures: () => Fixtures,
  operation: Operation,
): Probe[] {
  const send = (request: Ask) => ask(service().baseUrl, request);
  const valid = (token = kit.token()) => validRequest(checker, kit, operation, fixtures(), token);
  const probe = (status: number, what: string, run: () => Promise<Answer>): Probe => ({ status, what, run });
  const documented = statusesOf(operation);
  const successStatus = Math.min(...documented.filter((status) => status >= 200 && status < 300));
  const probes: Probe[] = [probe(successStatus, 'a valid request', () => send(valid()))];
  if (operation.secured) {
    probes.push(probe(401, 'no token', () => send({ ...valid(), token: undefined })));
    probes.push(
      probe(403, `a token of ${kit.otherRole} only`, () =>
        send({ ...valid(), token: mintTestToken({ roles: [kit.otherRole] }) }),
      ),
    );
  }
  if (operation.method === 'POST') {
    probes.push(
      probe(400, 'a body that is not JSON', () =>
        send({ ...valid(), contentType: 'application/json', body: '{"stammdaten":' }),
      ),
    );
    probes.push(
      probe(413, 'a body over the size limit', () =>
        send({ ...valid(), ...json({ filler: 'x'.repeat(BODY_LIMIT_BYTES) }) }),
      ),
    );
    probes.push(
      probe(415, 'a text/plain body', () => send({ ...valid(), contentType: 'text/plain', body: 'stammdaten' })),
    );
    probes.push(
      probe(422, 'a body nested deeper than JSON_MAX_DEPTH', () =>
        send({
          ...valid(),
          contentType: 'application/json',
          body: `${'['.repeat(JSON_DEPTH)}${']'.repeat(JSON_DEPTH)}`,
        }),
      ),
    );
  }
  if (operation.method === 'GET') {
    const query = refusedQuery(checker, operation);
    const status = documented.includes(400) ? 400 : documented.includes(422) ? 422 : 400;
    if (query !== undefined)
      probes.push(
        probe(status, `the query ${query || '(none)'}`, () =>
          send({ ...valid(), url: `${valid().url.split('?')[0]}${query}` }),
        ),
      );
  }
  return [...probes, ...specificProbes(kit, operation, send, middleware, fixtures, valid, probe)];
}

/** The probes that need to know the operation: conflicts, unknown keys, the middleware's answers. */
function specificProbes(
  kit: RoleKit,
  operation: Operation,
  send: (request: Ask) => Promise<Answer>,
  middleware: () => ScriptedMiddleware,
  fixtures: () => Fixtures,
  valid: (token?: string) => Ask,
  probe: (status: number, what: string, run: () => Promise<Answer>) => Probe,
): Probe[] {
  const token = kit.token();
  const post = (url: string, body?: unknown): Ask => ({
    method: 'POST',
    url,
    token,
    ...(body === undefined ? {} : json(body)),
  });
  const get = (url: string): Ask => ({ method: 'GET', url, token });
  const reason = { reason: 'checked by the OpenAPI truth suite' };
  const at = (value: string) => operation.path.replace(/\{[^}]+\}/, encodeURIComponent(value));
  switch (`${operation.method} ${operation.operation}`) {
    case 'POST ERSTELLEN_PROZESSDATEN':
      return [
        probe(409, 'a booked business key with another body', async () => {
          const businessKey = randomUUID();
          await send(post(operation.path, kit.createBody(businessKey)));
          return send(post(operation.path, kit.createBody(businessKey, { abweichend: true })));
        }),
        probe(422, 'a command naming the update', () =>
          send(post(`${operation.path}?command=AKTUALISIEREN_PROZESSDATEN`, kit.createBody())),
        ),
      ];
    case 'POST AKTUALISIEREN_PROZESSDATEN':
      return [
        probe(409, 'keys naming two processes', () =>
          send(
            post(
              operation.path,
              kit.updateBody({ businessKey: fixtures().processKey, targetBusinessKey: fixtures().otherProcessKey }),
            ),
          ),
        ),
        probe(422, 'an unknown business key', () =>
          send(post(operation.path, kit.updateBody({ businessKey: randomUUID() }))),
        ),
        ...(kit.role === 'LF'
          ? [
              probe(201, 'a MaloIdent answer (03002) to a START_MALOIDENT', () => {
                const trigger = fixtures().maloIdentTrigger as { prozessId: string; businessKey: string };
                return send(post(operation.path, maloIdentAnswer(trigger)));
              }),
            ]
          : []),
      ];
    case 'GET LESEN_PROZESS':
      return [
        probe(404, 'an unknown key', () => send(get(at(randomUUID())))),
        probe(404, 'an unknown key of 150 characters', () => send(get(at('k'.repeat(150))))),
        probe(409, 'a key of two processes', () => send(get(at(fixtures().ambiguousKey)))),
      ];
    case 'GET LESEN_ABGEWIESEN_EINTRAG':
      return [probe(404, 'an unknown id', () => send(get(at(randomUUID()))))];
    case 'POST ERNEUT_EINREICHEN':
      return [
        probe(404, 'an unknown id', () => send(post(at(randomUUID())))),
        probe(409, 'a dismissed entry', () => send(post(at(fixtures().refusedDismissed)))),
      ];
    case 'POST VERWERFEN':
      return [
        probe(404, 'an unknown id', () => send(post(at(randomUUID()), reason))),
        probe(409, 'a resolved entry', () => send(post(at(fixtures().refusedResolved), reason))),
        probe(422, 'no reason', () => send(post(at(fixtures().refusedOpen), {}))),
      ];
    case 'POST TRIGGER_EVENT':
      return [
        probe(202, 'the middleware answering 503', () => {
          middleware().failNext(1, 'unavailable');
          return send(valid());
        }),
        probe(404, 'an event the role does not have', () => send({ ...valid(), url: at('NO_SUCH_EVENT') })),
        probe(409, 'a prozessId again with another body', async () => {
          const prozessId = randomUUID();
          await send(post(at(kit.eventname), kit.triggerBody(prozessId)));
          return send(post(at(kit.eventname), { ...kit.triggerBody(prozessId), extra: 'another body' }));
        }),
        probe(422, 'stammdaten that are no object', () =>
          send(post(at(kit.eventname), { ...kit.triggerBody(), stammdaten: 5 })),
        ),
        probe(502, 'the middleware refusing it (404)', () => {
          middleware().failNext(1, { status: 404, body: { error: 'not found' } });
          return send(valid());
        }),
      ];
    case 'POST IMPORTIEREN_STAMMDATEN':
      return [probe(422, 'a body without stammdaten', () => send(post(operation.path, { objekte: [] })))];
    case 'POST IDENTIFIZIEREN_LOKATION_BASIS':
      return [
        probe(400, 'a criterion without a field', () =>
          send(post(operation.path, { stammdaten: { MARKTLOKATION: [{}] } })),
        ),
      ];
    case 'POST LESEN_MALOIDENT_BASIS':
      return [probe(400, 'a body without transaktionsdaten', () => send(post(operation.path, { stammdaten: {} })))];
    case 'GET MALOIDENT_RECORDED_REQUEST':
      return [
        probe(400, 'a key of 201 characters', () => send(get(at('k'.repeat(201))))),
        probe(400, 'a key with a space', () => send(get(at('a b')))),
        probe(404, 'an unknown key', () => send(get(at(randomUUID())))),
        probe(404, 'an unknown key of 200 characters', () => send(get(at('k'.repeat(200))))),
      ];
    case 'GET OPERATOR_TRIGGER_EVENTS':
      return [probe(400, 'an unknown release', () => send(get(`${operation.path}?release=99/99`)))];
  }
  return [];
}

function maloIdentAnswer(trigger: { prozessId: string; businessKey: string }): Json {
  return {
    stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: MALO_ID }] },
    transaktionsdaten: {
      vorgangsnummer: randomUUID(),
      pruefidentifikator: '03002',
      absender: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000010' },
      empfaenger: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000003' },
    },
    zusatzdaten: { prozessId: trigger.prozessId, targetBusinessKey: trigger.businessKey },
  };
}

/** Runs probes one after the other; the lines of those that got another status than they were built for. */
async function misses(probes: readonly Probe[]): Promise<string[]> {
  const lines: string[] = [];
  for (const { status, what, run } of probes) {
    const answer = await run();
    if (answer.status !== status)
      lines.push(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return lines;
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

      it('should answer 503 on every route that reads the database, and on the readiness probe, once the database is unreachable', async () => {
        await proxy.cut();
        const probes = operations
          .filter((operation) => !WITHOUT_DATABASE.has(operation.key))
          .map((operation) => ({
            status: 503,
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

/** Books what the probes of the main service refer to, through its HTTP interface. */
async function bookFixtures(service: TestService, kit: RoleKit): Promise<Fixtures> {
  const token = kit.token();
  const send = (request: Omit<Ask, 'token'>) => ask(service.baseUrl, { ...request, token });
  const expectStatus = async (what: string, answer: Promise<Answer>, status: number) => {
    const got = await answer;
    if (got.status !== status)
      throw new Error(`fixture ${what}: expected ${status}, got ${got.status} ${JSON.stringify(got.body)}`);
    return got;
  };
  const create = (businessKey: string, zusatzdaten: Json = {}) =>
    expectStatus(
      `create ${businessKey}`,
      send({ method: 'POST', url: '/createProcessData', ...json(kit.createBody(businessKey, zusatzdaten)) }),
      200,
    );

  const [processKey, otherProcessKey, ambiguousKey, unknownKey] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  await create(processKey);
  await create(otherProcessKey);
  await create(ambiguousKey);
  await create(randomUUID(), { prozessId: ambiguousKey });

  // Quarantine: refused writes, found again by their request ids.
  const refused = async (what: string, body: Json, status: number) => {
    const requestId = `openapi-truth-${randomUUID()}`;
    await expectStatus(
      what,
      send({ method: 'POST', url: what, ...json(body), headers: { 'x-request-id': requestId } }),
      status,
    );
    return requestId;
  };
  // A create naming the update's command: refused in every AHB rule mode.
  const mismatch = '/createProcessData?command=AKTUALISIEREN_PROZESSDATEN';
  const requestIds = {
    open: await refused(mismatch, kit.createBody(), 422),
    toDismiss: await refused(mismatch, kit.createBody(), 422),
    dismissed: await refused(mismatch, kit.createBody(), 422),
    resolved: await refused('/updateProcessData', kit.updateBody({ businessKey: unknownKey }), 422),
  };
  const list = await expectStatus('refused list', send({ method: 'GET', url: '/refused?limit=200' }), 200);
  const idOf = (requestId: string) => {
    const item = (list.body['items'] as Json[]).find((entry) => entry['requestId'] === requestId);
    if (!item) throw new Error(`fixture: no refused entry of request ${requestId}`);
    return String(item['id']);
  };
  const fixtures: Fixtures = {
    processKey,
    otherProcessKey,
    ambiguousKey,
    refusedOpen: idOf(requestIds.open),
    refusedToDismiss: idOf(requestIds.toDismiss),
    refusedDismissed: idOf(requestIds.dismissed),
    refusedResolved: idOf(requestIds.resolved),
    maloIdentKey: randomUUID(),
  };
  await expectStatus(
    'dismissal',
    send({ method: 'POST', url: `/refused/${fixtures.refusedDismissed}/dismiss`, ...json({ reason: 'fixture' }) }),
    200,
  );
  await create(unknownKey);
  await expectStatus(
    'resubmission',
    send({ method: 'POST', url: `/refused/${fixtures.refusedResolved}/resubmit` }),
    200,
  );

  // The MaLos the documented examples of the reads name: their reads answer an object, not an empty list.
  const examples = ['50074561188', '74018657187'].map((marktlokationsId) => ({
    boTyp: 'MARKTLOKATION',
    versionStruktur: '1',
    marktlokationsId,
  }));
  await expectStatus(
    'master data',
    send({ method: 'POST', url: '/masterData', ...json({ stammdaten: { MARKTLOKATION: examples } }) }),
    200,
  );
  if (kit.role === 'NB') {
    await expectStatus(
      'identification',
      send({ method: 'POST', url: '/identifyMarketlocation', ...json(kit.identifyBody(fixtures.maloIdentKey)) }),
      200,
    );
  }
  if (kit.eventname === 'START_MALOIDENT') {
    const sent = await expectStatus(
      'START_MALOIDENT',
      send({ method: 'POST', url: '/triggers/START_MALOIDENT', ...json(kit.triggerBody()) }),
      201,
    );
    fixtures.maloIdentTrigger = {
      prozessId: String(sent.body['prozessId']),
      businessKey: String(sent.body['businessKey']),
    };
  }
  return fixtures;
}
