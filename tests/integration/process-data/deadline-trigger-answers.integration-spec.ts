import { randomUUID } from 'node:crypto';
import { triggerEvent } from '@maco/domain';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  FAST_RETRIES,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  triggerBodyFor,
  vendorBody,
  waitFor,
} from '@maco/testing';

type Deadline = {
  rule: string;
  state: string;
  requestRevision: number;
  answeredBy?: { pruefidentifikator: string; revision: number; at: string; businessKey?: string };
};

/**
 * Answers a trigger produces (issue "Operators see what is due"): the LF owes its Rückmeldung on the grid operator's
 * Abrechnungsdaten (55218 → 55220 by the end of the 2nd WT) and sends it with START_BESTELLUNG_SDAE, naming the
 * request's process as `zusatzdaten.targetBusinessKey`. The deadline is met once the middleware (a real HTTP server
 * here) accepted the trigger — not while it is pending — and names the trigger's process as the answering one.
 */
describe('deadlines answered by triggers', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let middleware: ScriptedMiddleware;
  let database: TestDatabase;
  let service: TestService;
  const post = (path: string, body: unknown) => postJson(`${service.baseUrl}${path}`, body, { token });
  const deadlinesOf = async (key: string): Promise<Deadline[]> => {
    const response = await fetch(`${service.baseUrl}/processes/${key}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { deadlines: Deadline[] }).deadlines;
  };
  /** The NB's Abrechnungsdaten NNA, booked by the LF: starts its Rückmeldung deadline. */
  const bookAbrechnungsdaten = async () => {
    const key = randomUUID();
    const body = vendorBody('202604', '55218', 'minimal', { seed: 41, zusatzdaten: { businessKey: key } });
    body.transaktionsdaten['nachrichtendatum'] = new Date(Date.now() - 60_000).toISOString();
    body.zusatzdaten = { ...body.zusatzdaten, businessKey: key };
    expect((await post('/createProcessData', body)).status).toBe(200);
    expect(await deadlinesOf(key)).toEqual([
      expect.objectContaining({ rule: 'GPKE_ABRECHNUNGSDATEN_NNA_RUECKMELDUNG', state: 'open' }),
    ]);
    return key;
  };
  const rueckmeldung = (transaktionsdaten: Record<string, unknown>, zusatzdaten: Record<string, unknown>) => {
    const event = triggerEvent('10/26', 'LF', 'START_BESTELLUNG_SDAE');
    if (!event) throw new Error("the 10/26 catalogue lacks LF's START_BESTELLUNG_SDAE");
    const body = triggerBodyFor(event) as { transaktionsdaten: Record<string, unknown> };
    return { ...body, transaktionsdaten: { ...body.transaktionsdaten, ...transaktionsdaten }, zusatzdaten };
  };

  beforeAll(async () => {
    middleware = await startScriptedMiddleware();
    database = await createTestDatabase();
    service = await startTestService(composeService(LF_SERVICE), database.url, { ...middleware.env, ...FAST_RETRIES });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
    await middleware?.close();
  });

  it('should meet the deadline when the middleware accepts the answering trigger, not while it is pending', async () => {
    const key = await bookAbrechnungsdaten();
    middleware.failNext(Infinity, 'unavailable');
    const trigger = await post(
      '/triggers/START_BESTELLUNG_SDAE',
      rueckmeldung({ pruefidentifikator: '55220' }, { targetBusinessKey: key }),
    );
    expect([trigger.status, trigger.body['status']]).toEqual([202, 'pending']);
    const prozessId = trigger.body['prozessId'] as string;
    // Booked, not sent: nothing is answered yet.
    expect(await deadlinesOf(key)).toEqual([expect.not.objectContaining({ answeredBy: expect.anything() })]);
    middleware.recover();
    const answered = await waitFor('the trigger to be delivered and answer', async () => {
      const [deadline] = await deadlinesOf(key);
      return deadline.answeredBy ? deadline : undefined;
    });
    expect(answered).toMatchObject({
      state: 'met',
      answeredBy: { pruefidentifikator: '55220', revision: 1, businessKey: prozessId },
    });
    // Refused until it was accepted once.
    const answers = middleware.inboundCalls.filter((call) => call.prozessId === prozessId).map((call) => call.answer);
    expect(answers.slice(-1)).toEqual([201]);
    expect(answers.slice(0, -1).every((status) => status === 503)).toBe(true);
  });

  it('should answer nothing with a trigger that names no process, or none of the answer PIs of its event', async () => {
    const key = await bookAbrechnungsdaten();
    const unnamed = await post('/triggers/START_BESTELLUNG_SDAE', rueckmeldung({ pruefidentifikator: '55220' }, {}));
    // START_BESTELLUNG_SDAE produces three answer PIs; without the body naming one, the trigger cannot say which.
    const unsaid = await post('/triggers/START_BESTELLUNG_SDAE', rueckmeldung({}, { targetBusinessKey: key }));
    expect([unnamed.body['status'], unsaid.body['status']]).toEqual(['sent', 'sent']);
    expect(await deadlinesOf(key)).toEqual([expect.objectContaining({ state: 'open' })]);
    expect((await deadlinesOf(key))[0].answeredBy).toBeUndefined();
  });

  it('should meet it when the middleware reports the message sent on the trigger process, which the trigger could not name', async () => {
    const key = await bookAbrechnungsdaten();
    const trigger = await post('/triggers/START_BESTELLUNG_SDAE', rueckmeldung({}, { targetBusinessKey: key }));
    expect(trigger.body['status']).toBe('sent');
    // The middleware's report of the 55220 it sent, on the trigger's process by its business key.
    const report = vendorBody('202604', '55220', 'minimal', { seed: 42, zusatzdaten: {} });
    report.transaktionsdaten['nachrichtendatum'] = new Date().toISOString();
    report.zusatzdaten = { businessKey: randomUUID(), targetBusinessKey: trigger.body['businessKey'] };
    expect((await post('/updateProcessData', report)).status).toBe(200);
    expect((await deadlinesOf(key))[0]).toMatchObject({
      state: 'met',
      answeredBy: { pruefidentifikator: '55220', revision: 2, businessKey: trigger.body['prozessId'] },
    });
  });

  it('should meet only the deadline of the request its anfragereferenznummer names, of two the process holds', async () => {
    const key = await bookAbrechnungsdaten();
    // Abrechnungsdaten sent again on the same process, with another Vorgangsnummer: a second open deadline.
    const again = vendorBody('202604', '55218', 'minimal', { seed: 43, zusatzdaten: { businessKey: key } });
    again.transaktionsdaten['nachrichtendatum'] = new Date(Date.now() - 30_000).toISOString();
    again.transaktionsdaten['vorgangsnummer'] = `V2-${key}`;
    again.zusatzdaten = { ...again.zusatzdaten, businessKey: key };
    expect((await post('/updateProcessData', again)).status).toBe(200);
    const trigger = await post(
      '/triggers/START_BESTELLUNG_SDAE',
      rueckmeldung({ pruefidentifikator: '55220', anfragereferenznummer: `V2-${key}` }, { targetBusinessKey: key }),
    );
    expect(trigger.body['status']).toBe('sent');
    const states = (await deadlinesOf(key)).map(({ requestRevision, state }) => [requestRevision, state]);
    expect(states.sort()).toEqual([
      [1, 'open'],
      [2, 'met'],
    ]);
  });
});
