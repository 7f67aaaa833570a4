import { randomUUID } from 'node:crypto';
import { releaseInForceAt, triggerEvent, triggerEventNames } from '@maco/domain';
import { NB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  loadSamples,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  triggerBodyFor,
  withClient,
} from '@maco/testing';

/** The NB service in a chain it starts: trigger, answers of two sub-processes (one retried), an ambiguous answer refused. */
describe('NB chain: trigger and answers', () => {
  const token = mintTestToken({ roles: ['NB'] });
  let middleware: ScriptedMiddleware;
  let database: TestDatabase;
  let service: TestService;
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const answerBody = (zusatzdaten: Record<string, unknown>) => {
    const sample = loadSamples({ role: 'NB', operation: 'update' })[0];
    if (!sample) throw new Error('no NB update sample');
    return { ...structuredClone(sample.body), zusatzdaten };
  };
  const update = (body: unknown) => postJson(`${service.baseUrl}/updateProcessData`, body, { token });

  beforeAll(async () => {
    middleware = await startScriptedMiddleware();
    database = await createTestDatabase();
    service = await startTestService(composeService(NB_SERVICE), database.url, {
      ...middleware.env,
      LOG_LEVEL: 'error',
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
    await middleware?.close();
  });

  it('should book every answer once on the process the trigger started', async () => {
    const release = releaseInForceAt(new Date()) ?? '10/26';
    const [eventname] = triggerEventNames(release, 'NB');
    const event = eventname ? triggerEvent(release, 'NB', eventname) : undefined;
    if (!event) throw new Error(`no NB event in ${release}`);

    const trigger = await postJson(`${service.baseUrl}/triggers/${eventname}`, triggerBodyFor(event), { token });
    expect([trigger.status, trigger.body['status']]).toEqual([201, 'sent']);
    const [prozessId, middlewareKey] = [trigger.body['prozessId'] as string, trigger.body['businessKey'] as string];
    const other = randomUUID();
    await postJson(`${service.baseUrl}/createProcessData`, { ...answerBody({ businessKey: other }) }, { token });

    const [firstSub, secondSub] = [randomUUID(), randomUUID()];
    const first = await update(answerBody({ businessKey: firstSub, targetBusinessKey: middlewareKey }));
    const retried = await update(answerBody({ businessKey: firstSub, targetBusinessKey: middlewareKey }));
    const second = await update(answerBody({ businessKey: secondSub, targetBusinessKey: middlewareKey, prozessId }));
    const ambiguous = await update(answerBody({ businessKey: other, targetBusinessKey: middlewareKey }));

    expect([first.status, first.body['processBusinessKey'], retried.body['replayed'], second.body['revision']]).toEqual(
      [200, prozessId, true, 3],
    );
    expect([ambiguous.status, ambiguous.body['code']]).toEqual([409, 'PROCESS_DATA.KEYS_AMBIGUOUS']);
    const rows = await sql<{ business_key: string; revisions: string; keys: string }>(`
      SELECT r.business_key, (SELECT count(*) FROM process_revision v WHERE v.record_id = r.id) AS revisions,
        (SELECT count(*) FROM process_key k WHERE k.record_id = r.id) AS keys
      FROM process_record r ORDER BY r.created_at`);
    expect(rows).toEqual([
      { business_key: prozessId, revisions: '3', keys: '3' },
      { business_key: other, revisions: '1', keys: '0' },
    ]);
    expect(middleware.accepted()).toHaveLength(1);
  });
});
