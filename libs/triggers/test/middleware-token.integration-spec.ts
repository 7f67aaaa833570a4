import {
  createTestDatabase,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  type TestDatabase,
  type TestService,
} from '@maco/testing';
import { FAST_RETRIES, maloIdentBody, newProzessId, postTrigger, startTriggerService } from './trigger-test-kit';

/** The access token for the middleware: OAuth password grant, cached, renewed, refetched after a 401. */
describe("the service's access token at the middleware", () => {
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  let service: TestService;

  const start = async (options: { tokenLifetimeSeconds?: number; password?: string } = {}) => {
    middleware = await startScriptedMiddleware({
      clientSecret: 'client-secret',
      tokenLifetimeSeconds: options.tokenLifetimeSeconds,
    });
    const env = {
      ...middleware.env,
      ...FAST_RETRIES,
      ...(options.password ? { MACO_PASSWORD: options.password } : {}),
    };
    service = await startTriggerService('LF', database.url, env);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await service?.close();
    await middleware?.close();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('should fetch one token for 20 triggers sent at once', async () => {
    await start();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postTrigger(service, 'START_MALOIDENT', maloIdentBody())),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect([middleware.tokenRequests, middleware.tokensIssued]).toEqual([1, 1]);
  });

  it('should renew the token before it expires, so the middleware never sees an expired one', async () => {
    await start({ tokenLifetimeSeconds: 1 });
    const first = await postTrigger(service, 'START_MALOIDENT', maloIdentBody());
    // Past the token's lifetime: a cached token would now be refused.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const second = await postTrigger(service, 'START_MALOIDENT', maloIdentBody());

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(middleware.tokensIssued).toBe(2);
    expect(middleware.inboundCalls.map((call) => call.answer)).toEqual([201, 201]);
  });

  it('should fetch a new token once after a 401 and send the trigger again', async () => {
    await start();
    await postTrigger(service, 'START_MALOIDENT', maloIdentBody());
    middleware.failNext(1, 'unauthorized');
    const prozessId = newProzessId();
    const answer = await postTrigger(service, 'START_MALOIDENT', maloIdentBody(prozessId));

    expect(answer.status).toBe(201);
    expect(middleware.tokensIssued).toBe(2);
    expect(middleware.inboundCalls.filter((call) => call.prozessId === prozessId).map((call) => call.answer)).toEqual([
      401, 201,
    ]);
  });

  it('should keep a trigger pending (not send it without a token) while the credentials are refused', async () => {
    await start({ password: 'wrong password' });
    const answer = await postTrigger(service, 'START_MALOIDENT', maloIdentBody());

    expect([answer.status, answer.body['status']]).toEqual([202, 'pending']);
    expect(middleware.tokensIssued).toBe(0);
    expect(middleware.inboundCalls).toHaveLength(0);
  });
});
