import { randomUUID } from 'node:crypto';
import { toEnglish } from '@maco/domain';
import {
  createTestDatabase,
  type InboundCall,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  type TestDatabase,
  type TestService,
  withClient,
} from '@maco/testing';
import {
  FAST_RETRIES,
  maloIdentBody,
  newProzessId,
  postTrigger,
  startTriggerService,
  storedTrigger,
  waitFor,
} from './trigger-test-kit';

type Bo = Record<string, unknown>;

/**
 * Triggers with `MACO_DIALECT`: an English service (`en`) sends the middleware English bodies, a German one (the
 * default) German ones, each to a middleware of its own playing the MACO APP over HTTP; both store the trigger in the
 * canonical German form, and both take a caller's body in either dialect. Each service has a database of its own:
 * instances on one database share the outbox, and a retry goes out from whichever instance claims it.
 */
describe('triggers in the English dialect', () => {
  let germanDatabase: TestDatabase;
  let englishDatabase: TestDatabase;
  let germanMiddleware: ScriptedMiddleware;
  let englishMiddleware: ScriptedMiddleware;
  let german: TestService;
  let english: TestService;

  beforeAll(async () => {
    germanDatabase = await createTestDatabase();
    englishDatabase = await createTestDatabase();
    germanMiddleware = await startScriptedMiddleware();
    englishMiddleware = await startScriptedMiddleware();
    german = await startTriggerService('LF', germanDatabase.url, { ...germanMiddleware.env, ...FAST_RETRIES });
    english = await startTriggerService('LF', englishDatabase.url, {
      ...englishMiddleware.env,
      ...FAST_RETRIES,
      MACO_DIALECT: 'en',
    });
  });

  afterEach(() => englishMiddleware.recover());

  afterAll(async () => {
    await english?.close();
    await german?.close();
    await englishMiddleware?.close();
    await germanMiddleware?.close();
    await germanDatabase?.drop();
    await englishDatabase?.drop();
  });

  /**
   * The scripted middleware takes a trigger by its German `zusatzdaten`; for the English service it is told to take the
   * next ones (201 with a business key) whatever they hold: the test checks what it received.
   */
  const takeEnglish = (businessKey: string, count = 1) =>
    englishMiddleware.failNext(count, { status: 201, body: { businessKey, message: 'Event erfolgreich gestartet' } });
  const englishCallsFor = (prozessId: string): InboundCall[] =>
    englishMiddleware.inboundCalls.filter((call) => (call.body['additionalData'] as Bo)?.['processId'] === prozessId);
  const germanCallsFor = (prozessId: string): InboundCall[] =>
    germanMiddleware.inboundCalls.filter((call) => call.prozessId === prozessId);
  /** Revision 1 of the trigger's process as stored. */
  const storedBody = (database: TestDatabase, prozessId: string) =>
    withClient(database.url, async (client) => {
      const { rows } = await client.query<{ body: Bo }>(
        `SELECT v.body FROM process_revision v JOIN process_record r ON r.id = v.record_id
         WHERE r.role = 'LF' AND r.business_key = $1 AND v.revision = 1`,
        [prozessId],
      );
      return rows[0]?.body;
    });
  /** The body as the service books it: the caller's with prozessId and event set, in German. */
  const booked = (prozessId: string): Bo => ({
    ...maloIdentBody(),
    zusatzdaten: { prozessId, eventname: 'START_MALOIDENT' },
  });

  it('should send the middleware English from an English service, German from a German one, and store German', async () => {
    const [inEnglish, inGerman] = [newProzessId(), newProzessId()];
    const businessKey = randomUUID();
    takeEnglish(businessKey);

    const [fromEnglish, fromGerman] = [
      await postTrigger(english, 'START_MALOIDENT', maloIdentBody(inEnglish)),
      await postTrigger(german, 'START_MALOIDENT', maloIdentBody(inGerman)),
    ];

    expect([fromEnglish.status, fromEnglish.body]).toEqual([
      201,
      { prozessId: inEnglish, businessKey, eventname: 'START_MALOIDENT', status: 'sent' },
    ]);
    expect(fromGerman.status).toBe(201);
    const [englishCall] = englishCallsFor(inEnglish);
    expect(englishCall.body).toEqual(toEnglish(booked(inEnglish)));
    expect(englishCall.body).toEqual({
      masterData: {},
      transactionData: {
        sender: { roleCodeNumber: '9900000000003' },
        receiver: { roleCodeNumber: '9900000000010', marketRole: expect.any(String) },
        executionDate: '2026-12-01T23:00:00Z',
      },
      additionalData: { processId: inEnglish, eventname: 'START_MALOIDENT' },
    });
    expect(germanCallsFor(inGerman).map((call) => call.body)).toEqual([booked(inGerman)]);
    expect(await storedBody(englishDatabase, inEnglish)).toEqual(booked(inEnglish));
    expect(await storedBody(germanDatabase, inGerman)).toEqual(booked(inGerman));
  });

  it("should take a caller's English body as its German twin: sent in the service's dialect, a German retry replayed", async () => {
    const prozessId = newProzessId();
    const sent = await postTrigger(german, 'START_MALOIDENT', toEnglish(maloIdentBody(prozessId)));
    expect(sent.status).toBe(201);
    expect(germanCallsFor(prozessId).map((call) => call.body)).toEqual([booked(prozessId)]);
    expect(await storedBody(germanDatabase, prozessId)).toEqual(booked(prozessId));

    const replay = await postTrigger(german, 'START_MALOIDENT', maloIdentBody(prozessId));
    expect([replay.status, replay.body]).toEqual([201, sent.body]);
    expect(germanCallsFor(prozessId)).toHaveLength(1);
  });

  it('should retry in English from the outbox until the middleware takes it', async () => {
    const prozessId = newProzessId();
    englishMiddleware.failNext(Infinity, 'unavailable');
    const pending = await postTrigger(english, 'START_MALOIDENT', maloIdentBody(prozessId));
    expect(pending.status).toBe(202);
    await waitFor(
      'a retry by the worker',
      async () => ((await storedTrigger(englishDatabase.url, 'LF', prozessId))?.attempts ?? 0) >= 2,
    );
    takeEnglish(randomUUID(), Infinity);
    await waitFor(
      'the trigger sent',
      async () => (await storedTrigger(englishDatabase.url, 'LF', prozessId))?.status === 'sent',
    );

    const calls = englishCallsFor(prozessId);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.at(-1)?.answer).toBe(201);
    // The worker's body is revision 1 read back (jsonb orders its keys otherwise): the same English body.
    expect(calls.map((call) => call.body)).toEqual(calls.map(() => toEnglish(booked(prozessId))));
    expect(await storedBody(englishDatabase, prozessId)).toEqual(booked(prozessId));
  });

  it('should point refusals into an English body as received, and refuse a mixed one at #, sending nothing', async () => {
    const prozessId = newProzessId();
    const lacking = toEnglish({
      stammdaten: {},
      transaktionsdaten: { ausfuehrungsdatum: '2026-12-01T23:00:00Z' },
      zusatzdaten: { prozessId },
    });
    const refused = await postTrigger(english, 'START_MALOIDENT', lacking);
    expect([refused.status, refused.body['code']]).toEqual([422, 'TRIGGER.MANDATORY_FIELDS_MISSING']);
    expect((refused.body.errors ?? []).map((error) => error.pointer)).toEqual([
      '#/transactionData/sender',
      '#/transactionData/receiver',
    ]);

    const mixed = { ...(toEnglish(maloIdentBody()) as Bo), zusatzdaten: { prozessId } };
    const refusedMixed = await postTrigger(english, 'START_MALOIDENT', mixed);
    expect([refusedMixed.status, refusedMixed.body['code']]).toEqual([422, 'REQUEST.VALIDATION_FAILED']);
    expect(refusedMixed.body.errors).toEqual([{ pointer: '#', message: expect.stringContaining('one dialect') }]);
    expect(englishCallsFor(prozessId)).toEqual([]);
    expect(await storedTrigger(englishDatabase.url, 'LF', prozessId)).toBeUndefined();
  });
});
