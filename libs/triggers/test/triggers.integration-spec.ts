import { randomUUID } from 'node:crypto';
import {
  createTestDatabase,
  genericPlanOf,
  hashesInPlan,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  type TestDatabase,
  type TestService,
  withClient,
} from '@maco/testing';
import { INSERT_TRIGGER_PROCESS } from '../src/start/trigger-process.repository';
import { maloIdentBody, newProzessId, postTrigger, startTriggerService, storedTrigger } from './trigger-test-kit';

/** Collects pino's JSON lines in memory. */
class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
}

describe('POST /triggers/{eventname}', () => {
  const logs = new LogCapture();
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  let service: TestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware({ clientSecret: 'client-secret-value' });
    service = await startTriggerService(
      'LF',
      database.url,
      { ...middleware.env, LOG_LEVEL: 'info' },
      { destination: logs },
    );
  });

  afterEach(() => middleware.recover());

  afterAll(async () => {
    await service?.close();
    await middleware?.close();
    await database?.drop();
  });

  const callsFor = (prozessId: string) => middleware.inboundCalls.filter((call) => call.prozessId === prozessId);

  describe('when the middleware takes the trigger', () => {
    it('should hash the trigger body once in the statement that books it (the chain takes the hash of its column)', async () => {
      expect(hashesInPlan(await genericPlanOf(database.url, INSERT_TRIGGER_PROCESS))).toEqual({ body: 1, chain: 1 });
    });

    it('should answer 201 with its business key and store record, revision, key and delivery', async () => {
      const prozessId = newProzessId();
      const answer = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId), {
        headers: { 'x-request-id': 'trigger-happy-1' },
      });

      const [call] = callsFor(prozessId);
      expect([answer.status, answer.body]).toEqual([
        201,
        { prozessId, businessKey: call.businessKey, eventname: 'START_MALOIDENT', status: 'sent' },
      ]);
      expect(call.body).toEqual({ ...maloIdentBody(), zusatzdaten: { prozessId, eventname: 'START_MALOIDENT' } });
      const rows = await withClient(database.url, async (client) => ({
        record: (
          await client.query(
            'SELECT role, business_key, prozess_id, pruefidentifikator, status, revision FROM process_record WHERE business_key = $1',
            [prozessId],
          )
        ).rows,
        revision: (
          await client.query(
            `SELECT v.revision, v.operation, v.body, v.body_sha256 IS NOT NULL AS hashed, v.request_id FROM process_revision v
             JOIN process_record r ON r.id = v.record_id WHERE r.business_key = $1`,
            [prozessId],
          )
        ).rows,
        keys: (
          await client.query(
            `SELECT k.key, k.kind, k.first_revision FROM process_key k JOIN process_record r ON r.id = k.record_id WHERE r.business_key = $1`,
            [prozessId],
          )
        ).rows,
      }));
      expect(rows.record).toEqual([
        {
          role: 'LF',
          business_key: prozessId,
          prozess_id: prozessId,
          pruefidentifikator: null,
          status: 'sent',
          revision: 1,
        },
      ]);
      expect(rows.revision).toEqual([
        { revision: 1, operation: 'trigger', body: call.body, hashed: true, request_id: 'trigger-happy-1' },
      ]);
      expect(rows.keys).toEqual([{ key: call.businessKey, kind: 'triggerBusinessKey', first_revision: 1 }]);
      expect(await storedTrigger(database.url, 'LF', prozessId)).toEqual({
        status: 'sent',
        attempts: 1,
        delivered: true,
        failed: false,
        lastError: null,
      });
    });

    it('should choose a UUID prozessId when the body names none', async () => {
      const answer = await postTrigger(service, 'START_MALOIDENT', maloIdentBody());

      expect(answer.status).toBe(201);
      expect(answer.body['prozessId']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(callsFor(answer.body['prozessId'] as string)).toHaveLength(1);
    });

    it('should answer a replay (same prozessId and body, keys in another order) from the store and send nothing again', async () => {
      const prozessId = newProzessId();
      const first = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
      const { transaktionsdaten, zusatzdaten, stammdaten } = maloIdentBody(prozessId);
      const again = await postTrigger(service, 'START_MALOIDENT', { zusatzdaten, transaktionsdaten, stammdaten });

      expect(first.status).toBe(201);
      expect([again.status, again.body]).toEqual([201, first.body]);
      expect(callsFor(prozessId)).toHaveLength(1);
    });

    it('should log the event and the prozessId on the request line, and never a token or the password', async () => {
      const prozessId = newProzessId();
      await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId), {
        headers: { 'x-request-id': 'trigger-log-1' },
      });

      const line = await findLogLine(logs, 'trigger-log-1');
      expect(line).toMatchObject({
        route: '/triggers/:eventname',
        eventname: 'START_MALOIDENT',
        prozessId,
        res: { statusCode: 201 },
      });
      const everything = logs.lines.join('\n');
      expect(everything).not.toContain(middleware.env['MACO_PASSWORD']);
      expect(everything).not.toContain('client-secret-value');
      expect(everything).not.toMatch(/Bearer [\w-]{20,}/);
    });

    it('should count triggers and deliveries in the metrics', async () => {
      await postTrigger(service, 'START_MALOIDENT', maloIdentBody());
      const metrics = await (await fetch(`${service.baseUrl}/metrics`)).text();

      expect(metrics).toMatch(/maco_triggers_total\{role="LF",eventname="START_MALOIDENT",outcome="sent"\} [1-9]/);
      expect(metrics).toMatch(/maco_trigger_deliveries_total\{role="LF",outcome="delivered"\} [1-9]/);
      expect(metrics).toMatch(/maco_middleware_token_requests_total\{role="LF",outcome="issued"\} 1\b/);
    });
  });

  describe('when the trigger cannot be sent as it is', () => {
    it('should answer 409 for a known prozessId with another body, and send nothing', async () => {
      const prozessId = newProzessId();
      await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
      const other = maloIdentBody(prozessId);
      (other['transaktionsdaten'] as Record<string, unknown>)['ausfuehrungsdatum'] = '2027-01-01T23:00:00Z';
      const conflict = await postTrigger(service, 'START_MALOIDENT', other);

      expect([conflict.status, conflict.body]).toEqual([
        409,
        expect.objectContaining({ code: 'TRIGGER.PROZESS_ID_CONFLICT', prozessId }),
      ]);
      expect(callsFor(prozessId)).toHaveLength(1);
    });

    it('should answer 409 for a prozessId another process already carries', async () => {
      const prozessId = newProzessId();
      await withClient(database.url, (client) =>
        client.query(
          `INSERT INTO process_record (id, role, business_key, prozess_id, release, current, revision) VALUES ($1, 'LF', $2, $3, '04/26', '{}', 1)`,
          [randomUUID(), `create-${prozessId}`, prozessId],
        ),
      );
      const conflict = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));

      expect([conflict.status, conflict.body['code']]).toEqual([409, 'TRIGGER.PROZESS_ID_CONFLICT']);
      expect(callsFor(prozessId)).toHaveLength(0);
    });

    it("should answer 404 for an unknown event and for another role's event", async () => {
      const unknown = await postTrigger(service, 'START_NOTHING', maloIdentBody());
      const nbEvent = await postTrigger(service, 'START_EOG', maloIdentBody());

      expect([unknown.status, unknown.body['code'], unknown.body['type']]).toEqual([
        404,
        'TRIGGER.UNKNOWN_EVENT',
        'urn:maco:problem:unknown-event',
      ]);
      expect([nbEvent.status, nbEvent.body['code']]).toEqual([404, 'TRIGGER.UNKNOWN_EVENT']);
    });

    it('should look the event up in the release the header names', async () => {
      // An event of 10/25 only: unknown in the release in force, known (and demanding) under the header.
      const inForce = await postTrigger(service, 'START_BESTELLUNG_STDAE_MALO_AN_NB', maloIdentBody());
      const named = await postTrigger(service, 'START_BESTELLUNG_STDAE_MALO_AN_NB', maloIdentBody(), {
        headers: { 'x-format-version': 'FV2510' },
      });
      const unknownRelease = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(), {
        headers: { 'x-format-version': '13/27' },
      });

      expect(inForce.status).toBe(404);
      expect([named.status, named.body['code'], named.body['release']]).toEqual([
        422,
        'TRIGGER.MANDATORY_FIELDS_MISSING',
        '10/25',
      ]);
      expect([unknownRelease.status, unknownRelease.body['code']]).toEqual([422, 'REQUEST.UNKNOWN_RELEASE']);
    });

    it('should answer 422 naming each missing required field by its pointer, and store and send nothing', async () => {
      const prozessId = newProzessId();
      const body = maloIdentBody(prozessId);
      delete (body['transaktionsdaten'] as Record<string, unknown>)['ausfuehrungsdatum'];
      const missing = await postTrigger(service, 'START_MALOIDENT', body);
      const lieferbeginn = await postTrigger(
        service,
        'START_LIEFERBEGINN',
        {
          stammdaten: { MARKTLOKATION: [{}], NETZNUTZUNGSVERTRAG: [{ vertragsbeginn: '2026-05-01' }] },
          transaktionsdaten: {},
        },
        { headers: { 'x-format-version': '04/26' } },
      );

      expect([missing.status, missing.body['code']]).toEqual([422, 'TRIGGER.MANDATORY_FIELDS_MISSING']);
      expect(missing.body.errors).toEqual([
        { pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: expect.stringContaining('START_MALOIDENT') },
      ]);
      expect(lieferbeginn.body.errors?.map((error) => error.pointer)).toEqual(
        expect.arrayContaining(['#/stammdaten/MARKTLOKATION/0/marktlokationsId', '#/transaktionsdaten/vertragsbeginn']),
      );
      expect(await storedTrigger(database.url, 'LF', prozessId)).toBeUndefined();
      expect(callsFor(prozessId)).toHaveLength(0);
    });

    it('should answer 422 for a body without stammdaten and transaktionsdaten objects', async () => {
      const answer = await postTrigger(service, 'START_MALOIDENT', {
        stammdaten: [],
        zusatzdaten: { eventname: 'START_EOG' },
      });

      expect([answer.status, answer.body['code']]).toEqual([422, 'REQUEST.VALIDATION_FAILED']);
      expect(answer.body.errors?.map((error) => error.pointer)).toEqual([
        '#/stammdaten',
        '#/transaktionsdaten',
        '#/zusatzdaten/eventname',
      ]);
    });

    it('should require a token with the service role', async () => {
      const without = await postJson(`${service.baseUrl}/triggers/START_MALOIDENT`, maloIdentBody());
      const wrongRole = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(), { role: 'NB' });

      expect([without.status, wrongRole.status]).toEqual([401, 403]);
      expect(
        await postJson(`${service.baseUrl}/triggers/START_MALOIDENT`, maloIdentBody(), {
          token: mintTestToken({ roles: ['MSB'] }),
        }),
      ).toMatchObject({ status: 403 });
    });
  });

  describe('when the middleware rejects the trigger (400 EVENT_FAIL)', () => {
    it('should answer 422 with its errorCode and message, mark the process failed, and replay that answer', async () => {
      const prozessId = newProzessId();
      middleware.failNext(1, {
        eventFail: { errorCode: 'MALO_NICHT_ERMITTELBAR', message: 'Keine Marktlokation gefunden' },
      });
      const rejected = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
      const replayed = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));

      expect(rejected.status).toBe(422);
      expect(rejected.body).toMatchObject({
        code: 'TRIGGER.REJECTED',
        type: 'urn:maco:problem:trigger-rejected',
        prozessId,
        errorCode: 'MALO_NICHT_ERMITTELBAR',
        message: 'Keine Marktlokation gefunden',
      });
      expect([replayed.status, replayed.body['errorCode'], replayed.body['message']]).toEqual([
        422,
        'MALO_NICHT_ERMITTELBAR',
        'Keine Marktlokation gefunden',
      ]);
      expect(await storedTrigger(database.url, 'LF', prozessId)).toMatchObject({
        status: 'failed',
        attempts: 1,
        failed: true,
        delivered: false,
      });
      expect(callsFor(prozessId)).toHaveLength(1);
    });
  });
});

async function findLogLine(logs: LogCapture, requestId: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const line = logs.lines
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((record) => record['requestId'] === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no log line for request ${requestId}`);
}
