// The probes: for each documented operation, requests built to provoke each of its statuses.
import { randomUUID } from 'node:crypto';
import type { OpenApiAnswerChecker } from '../openapi-answers';
import type { ScriptedMiddleware } from '../scripted-middleware';
import type { TestService } from '../test-service';
import { mintTestToken } from '../tokens';
import type { Fixtures } from './fixtures';
import {
  type Answer,
  type Ask,
  ask,
  BODY_LIMIT_BYTES,
  type Json,
  json,
  JSON_DEPTH,
  MALO_ID,
  type Operation,
  queryParameters,
  queryString,
  refusedQuery,
  sampleValue,
  statusesOf,
} from './requests';
import type { RoleKit } from './role-kit';

/**
 * The request an operation answers with success, with the fixtures' keys. A documented operation the suite does not know
 * (a path parameter or a body it cannot fill in) fails here: a new route needs its request below.
 */
export function validRequest(
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
export interface Probe {
  status: number;
  what: string;
  run: () => Promise<Answer>;
}

/** The probes of the main service for one operation: every status a request can provoke there. */
export function mainProbes(
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
export function specificProbes(
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

export function maloIdentAnswer(trigger: { prozessId: string; businessKey: string }): Json {
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
export async function misses(probes: readonly Probe[]): Promise<string[]> {
  const lines: string[] = [];
  for (const { status, what, run } of probes) {
    const answer = await run();
    if (answer.status !== status)
      lines.push(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return lines;
}
