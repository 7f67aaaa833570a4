import {
  createTestDatabase,
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

/** Delivery in the background: what the service does while the middleware is down, and once it is back. */
describe('trigger delivery while the middleware is unreachable', () => {
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  const services: TestService[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const service = await startTriggerService('LF', database.url, { ...middleware.env, ...FAST_RETRIES, ...env });
    services.push(service);
    return service;
  };
  const acceptedFor = (prozessId: string) => middleware.accepted().filter((call) => call.prozessId === prozessId);
  const sent = (prozessId: string) =>
    waitFor(
      `${prozessId} to be sent`,
      async () => (await storedTrigger(database.url, 'LF', prozessId))?.status === 'sent',
    );

  beforeEach(async () => {
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware();
  });

  afterEach(async () => {
    await Promise.all(services.splice(0).map((service) => service.close()));
    await middleware.close();
    await database.drop();
  });

  it.each([
    ['answers 503', 'unavailable'],
    ['drops the connection', 'drop'],
  ] as const)(
    'should answer 202 when it %s, keep trying, and deliver exactly once when it is back',
    async (_, failure) => {
      const service = await start();
      middleware.failNext(Infinity, failure);
      const prozessId = newProzessId();

      const pending = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
      expect([pending.status, pending.body]).toEqual([
        202,
        { prozessId, eventname: 'START_MALOIDENT', status: 'pending' },
      ]);
      await waitFor(
        'a retry in the background',
        async () => ((await storedTrigger(database.url, 'LF', prozessId))?.attempts ?? 0) >= 3,
      );
      await waitFor('the backlog in the metrics', async () =>
        /maco_trigger_deliveries_open\{role="LF"\} 1\b/.test(await metricsOf(service)),
      );
      const replayWhilePending = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
      middleware.recover();
      await sent(prozessId);
      await waitFor('an empty backlog in the metrics', async () =>
        /maco_trigger_deliveries_open\{role="LF"\} 0\b/.test(await metricsOf(service)),
      );

      expect(replayWhilePending.status).toBe(202);
      expect(acceptedFor(prozessId)).toHaveLength(1);
      const replay = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
      expect([replay.status, replay.body]).toEqual([
        201,
        { prozessId, businessKey: acceptedFor(prozessId)[0].businessKey, eventname: 'START_MALOIDENT', status: 'sent' },
      ]);
      const keys = await withClient(
        database.url,
        async (client) =>
          (await client.query(`SELECT kind FROM process_key WHERE key = $1`, [acceptedFor(prozessId)[0].businessKey]))
            .rows,
      );
      expect(keys).toEqual([{ kind: 'triggerBusinessKey' }]);
    },
  );

  it('should answer 202 when the middleware does not answer within MACO_TIMEOUT_MS', async () => {
    const service = await start({ MACO_TIMEOUT_MS: '300' });
    middleware.failNext(1, 'hang');
    const prozessId = newProzessId();

    const pending = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
    await sent(prozessId);

    expect(pending.status).toBe(202);
    expect(await storedTrigger(database.url, 'LF', prozessId)).toMatchObject({ attempts: 2, delivered: true });
  });

  it('should deliver each trigger exactly once with two instances on one database', async () => {
    const [first, second] = [await start(), await start()];
    middleware.failNext(Infinity, 'unavailable');
    const prozessIds = Array.from({ length: 12 }, () => newProzessId());

    const answers = await Promise.all(
      prozessIds.map((prozessId, index) =>
        postTrigger(index % 2 ? second : first, 'START_MALOIDENT', maloIdentBody(prozessId)),
      ),
    );
    await waitFor('retries by both instances', async () => middleware.inboundCalls.length >= 3 * prozessIds.length);
    middleware.recover();
    for (const prozessId of prozessIds) await sent(prozessId);

    expect(answers.map((answer) => answer.status)).toEqual(prozessIds.map(() => 202));
    expect(prozessIds.map((prozessId) => acceptedFor(prozessId).length)).toEqual(prozessIds.map(() => 1));
    expect(middleware.accepted()).toHaveLength(prozessIds.length);
  });

  it('should resume a pending delivery after a restart', async () => {
    const before = await start();
    middleware.failNext(Infinity, 'unavailable');
    const prozessId = newProzessId();
    const pending = await postTrigger(before, 'START_MALOIDENT', maloIdentBody(prozessId));
    await before.close();
    services.splice(services.indexOf(before), 1);
    const whileStopped = await storedTrigger(database.url, 'LF', prozessId);

    middleware.recover();
    await start();
    await sent(prozessId);

    expect(pending.status).toBe(202);
    expect(whileStopped).toMatchObject({ status: 'pending', delivered: false, failed: false });
    expect(acceptedFor(prozessId)).toHaveLength(1);
  });

  it('should give a trigger up after TRIGGER_MAX_ATTEMPTS and answer its replay with 502', async () => {
    const service = await start({ TRIGGER_MAX_ATTEMPTS: '3' });
    middleware.failNext(Infinity, 'unavailable');
    const prozessId = newProzessId();

    const pending = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));
    const failed = await waitFor('the trigger to fail', async () => {
      const stored = await storedTrigger(database.url, 'LF', prozessId);
      return stored?.status === 'failed' && stored;
    });
    middleware.recover();
    const replay = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));

    expect(pending.status).toBe(202);
    expect(failed).toEqual({
      status: 'failed',
      attempts: 3,
      delivered: false,
      failed: true,
      lastError: 'middleware answered HTTP 503; gave up after 3 attempts',
    });
    expect(middleware.inboundCalls.filter((call) => call.prozessId === prozessId)).toHaveLength(3);
    expect([replay.status, replay.body['code'], replay.body['reason']]).toEqual([
      502,
      'TRIGGER.DELIVERY_FAILED',
      failed.lastError,
    ]);
    const metrics = await metricsOf(service);
    expect(metrics).toMatch(/maco_trigger_deliveries_total\{role="LF",outcome="retry"\} 2\b/);
    expect(metrics).toMatch(/maco_trigger_deliveries_total\{role="LF",outcome="failed"\} 1\b/);
  });
});

async function metricsOf(service: TestService): Promise<string> {
  return (await fetch(`${service.baseUrl}/metrics`)).text();
}
