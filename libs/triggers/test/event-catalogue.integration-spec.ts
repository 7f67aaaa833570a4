import { MARKET_ROLES, type MarketRole, releaseInForceAt, triggerEvent, triggerEventNames } from '@maco/domain';
import {
  createTestDatabase,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  type TestDatabase,
  type TestService,
  triggerBodyFor,
} from '@maco/testing';
import { FAST_RETRIES, postTrigger, startTriggerService } from './trigger-test-kit';

/** Every event of every role in the release in force can be sent with just its required fields, and not without them. */
describe('the event catalogue on the three services', () => {
  const release = releaseInForceAt(new Date()) ?? '10/26';
  let database: TestDatabase;
  let middleware: ScriptedMiddleware;
  const services = new Map<MarketRole, TestService>();

  beforeAll(async () => {
    database = await createTestDatabase();
    middleware = await startScriptedMiddleware();
    for (const role of MARKET_ROLES)
      services.set(role, await startTriggerService(role, database.url, { ...middleware.env, ...FAST_RETRIES }));
  });

  afterAll(async () => {
    await Promise.all([...services.values()].map((service) => service.close()));
    await middleware?.close();
    await database?.drop();
  });

  it.each(MARKET_ROLES)('should send every %s event with a body carrying exactly its required fields', async (role) => {
    const names = triggerEventNames(release, role);
    const statuses: Record<string, number> = {};
    for (const eventname of names) {
      const event = triggerEvent(release, role, eventname);
      statuses[eventname] = (
        await postTrigger(services.get(role) as TestService, eventname, triggerBodyFor(event ?? { required: [] }), {
          role,
        })
      ).status;
    }

    expect(names.length).toBeGreaterThan(5);
    expect(statuses).toEqual(Object.fromEntries(names.map((name) => [name, 201])));
  });

  it.each(MARKET_ROLES)('should name the one required field a %s body lacks', async (role) => {
    const events = triggerEventNames(release, role).map((name) => triggerEvent(release, role, name));
    const event = events.find((candidate) =>
      candidate?.required.some((pointer) => pointer.startsWith('/transaktionsdaten/')),
    );
    const dropped = event?.required.find((pointer) => pointer.startsWith('/transaktionsdaten/')) as string;
    const body = triggerBodyFor({ required: event?.required.filter((pointer) => pointer !== dropped) ?? [] });
    const answer = await postTrigger(services.get(role) as TestService, event?.eventname as string, body, { role });

    expect([answer.status, answer.body['code']]).toEqual([422, 'TRIGGER.MANDATORY_FIELDS_MISSING']);
    expect(answer.body.errors?.map((error) => error.pointer)).toEqual([`#${dropped}`]);
  });
});
