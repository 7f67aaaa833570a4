import { randomUUID } from 'node:crypto';
import { releaseInForceAt, triggerEvent } from '@maco/domain';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  type JsonResponse,
  loadSamples,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  triggerBodyFor,
  waitFor,
  withClient,
} from '@maco/testing';

/**
 * The LF service in whole chains, with a scripted middleware on one side and a driver that posts what the MACO APP
 * posts on the other: a supplier switch the backend starts (START_LIEFERBEGINN, answered by a sub-process, retried,
 * answered concurrently, updated later by the sub-process's key) and a MaLo identification (START_MALOIDENT, answered
 * 03002 and 03003, once in the vendor's `data` form). At the end the database holds exactly what the chains brought.
 */
describe('LF chains: triggers, answers, MaloIdent', () => {
  const token = mintTestToken({ roles: ['LF'] });
  let middleware: ScriptedMiddleware;
  let database: TestDatabase;
  let service: TestService;
  const figures = { requests: 0, retries: 0 };

  const send = async (path: string, body: unknown): Promise<JsonResponse> => {
    figures.requests += 1;
    return postJson(`${service.baseUrl}${path}`, body, { token });
  };
  const sql = <T>(text: string, params: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
  const answerBody = (zusatzdaten: Record<string, unknown>) => {
    const sample = loadSamples({ role: 'LF', operation: 'update' })[0];
    if (!sample) throw new Error('no LF update sample');
    return { ...structuredClone(sample.body), zusatzdaten };
  };
  const maloIdentAnswer = (pruefidentifikator: '03002' | '03003', zusatzdaten: Record<string, unknown>) => ({
    ...(pruefidentifikator === '03002'
      ? {
          stammdaten: {
            MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId: '50074561192' }],
          },
        }
      : {}),
    transaktionsdaten: {
      vorgangsnummer: randomUUID(),
      pruefidentifikator,
      absender: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000010' },
      empfaenger: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900000000003' },
    },
    zusatzdaten,
  });

  beforeAll(async () => {
    middleware = await startScriptedMiddleware();
    database = await createTestDatabase();
    service = await startTestService(composeService(LF_SERVICE), database.url, {
      ...middleware.env,
      TRIGGER_RETRY_BASE_MS: '20',
      TRIGGER_RETRY_MAX_MS: '100',
      TRIGGER_POLL_INTERVAL_MS: '25',
      LOG_LEVEL: 'error',
    });
  });

  afterAll(async () => {
    await service?.close();
    await database?.drop();
    await middleware?.close();
  });

  it('should hold exactly the processes, keys and revisions the chains brought, nothing twice, nothing lost', async () => {
    const release = releaseInForceAt(new Date()) ?? '10/26';
    const lieferbeginn = triggerEvent(release, 'LF', 'START_LIEFERBEGINN');
    const maloIdent = triggerEvent(release, 'LF', 'START_MALOIDENT');
    if (!lieferbeginn || !maloIdent)
      throw new Error(`the ${release} catalogue lacks LF's START_LIEFERBEGINN or START_MALOIDENT`);

    // The supplier switch: the middleware is down at first, so the trigger is booked and delivered in the background.
    middleware.failNext(1, 'unavailable');
    const switchTrigger = await send('/triggers/START_LIEFERBEGINN', triggerBodyFor(lieferbeginn));
    expect([switchTrigger.status, switchTrigger.body['status']]).toEqual([202, 'pending']);
    const switchId = switchTrigger.body['prozessId'] as string;
    const switchKey = await waitFor('the switch trigger to be delivered', async () => {
      const [row] = await sql<{ key: string }>(
        `SELECT k.key FROM process_key k JOIN process_record r ON r.id = k.record_id WHERE r.business_key = $1 AND k.kind = 'triggerBusinessKey'`,
        [switchId],
      );
      return row?.key;
    });

    // The grid operator's answer arrives through a sub-process of the middleware, is retried, and two more sub-processes
    // answer at the same time.
    const [firstSub, secondSub, thirdSub] = [randomUUID(), randomUUID(), randomUUID()];
    const answer = answerBody({ businessKey: firstSub, targetBusinessKey: switchKey });
    const booked = await send('/updateProcessData', answer);
    figures.retries += 1;
    const retried = await send('/updateProcessData', answer);
    const concurrent = await Promise.all([
      send('/updateProcessData', answerBody({ businessKey: secondSub, targetBusinessKey: switchKey })),
      send('/updateProcessData', answerBody({ businessKey: thirdSub, targetBusinessKey: switchKey })),
    ]);
    const bySubProcess = await send(
      '/updateProcessData',
      answerBody({ businessKey: firstSub, targetBusinessKey: null }),
    );

    expect(booked.body).toMatchObject({
      processBusinessKey: switchId,
      matchedBy: 'targetBusinessKey',
      replayed: false,
      revision: 2,
    });
    expect(retried.body).toMatchObject({ processBusinessKey: switchId, replayed: true, revision: 2 });
    expect(concurrent.map((reply) => [reply.status, reply.body['processBusinessKey']])).toEqual([
      [200, switchId],
      [200, switchId],
    ]);
    expect(bySubProcess.body).toMatchObject({ processBusinessKey: switchId, matchedBy: 'businessKey', revision: 5 });

    // The MaLo identification: the trigger goes through at once; the answers carry our prozessId and the middleware's key.
    const identTrigger = await send('/triggers/START_MALOIDENT', triggerBodyFor(maloIdent));
    expect([identTrigger.status, identTrigger.body['status']]).toEqual([201, 'sent']);
    const identId = identTrigger.body['prozessId'] as string;
    const identKey = identTrigger.body['businessKey'] as string;
    const positive = await send(
      '/updateProcessData',
      maloIdentAnswer('03002', { prozessId: identId, targetBusinessKey: identKey }),
    );
    const wrappedNegative = {
      data: maloIdentAnswer('03003', { referenzProzessId: identId, targetBusinessKey: identKey }),
    };
    const negative = await send('/updateProcessData', wrappedNegative);
    figures.retries += 1;
    const negativeAgain = await send('/updateProcessData', wrappedNegative);

    expect([positive.status, positive.body['businessKey'], positive.body['matchedBy']]).toEqual([
      201,
      identId,
      'targetBusinessKey',
    ]);
    expect([negative.status, negative.body['revision'], negativeAgain.status, negativeAgain.body['replayed']]).toEqual([
      201,
      3,
      201,
      true,
    ]);

    // What the database holds: two processes, their keys and revisions, each once.
    const processes = await sql<{ business_key: string; status: string; revisions: string; keys: string[] }>(`
      SELECT r.business_key, r.status,
        (SELECT count(*) FROM process_revision v WHERE v.record_id = r.id) AS revisions,
        ARRAY(SELECT k.kind || ':' || k.key FROM process_key k WHERE k.record_id = r.id) AS keys
      FROM process_record r WHERE r.role = 'LF' ORDER BY r.created_at`);
    expect(processes.map((row) => ({ ...row, keys: [...row.keys].sort() }))).toEqual([
      {
        business_key: switchId,
        status: 'sent',
        revisions: '5',
        keys: [
          `triggerBusinessKey:${switchKey}`,
          ...[firstSub, secondSub, thirdSub].map((key) => `subProcessBusinessKey:${key}`),
        ].sort(),
      },
      { business_key: identId, status: 'sent', revisions: '3', keys: [`triggerBusinessKey:${identKey}`] },
    ]);
    const revisions = await sql<{ operation: string; count: string }>(
      `SELECT operation, count(*) FROM process_revision GROUP BY operation ORDER BY operation`,
    );
    expect(revisions).toEqual([
      { operation: 'trigger', count: '2' },
      { operation: 'update', count: '6' },
    ]);
    // Each trigger reached the middleware once; the refused first attempt is the only other call.
    expect(
      middleware
        .accepted()
        .map((call) => call.prozessId)
        .sort(),
    ).toEqual([switchId, identId].sort());
    expect(middleware.inboundCalls).toHaveLength(3);

    // The operator's view of the switch, by the key of its last sub-process.
    const view = (await (
      await fetch(`${service.baseUrl}/processes/${thirdSub}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ businessKey: switchId, status: 'sent' });
    expect(
      (view['revisions'] as { operation: string; matchedBy: string | null }[]).map((revision) => revision.operation),
    ).toEqual(['trigger', 'update', 'update', 'update', 'update']);
    const [counted] = await sql<{ processes: string; keys: string; revisions: string }>(
      `SELECT (SELECT count(*) FROM process_record) AS processes, (SELECT count(*) FROM process_key) AS keys, (SELECT count(*) FROM process_revision) AS revisions`,
    );
    process.stdout.write(
      `LF chains: ${figures.requests} requests (${figures.retries} retries), ${counted.processes} processes, ${counted.keys} collected keys, ${counted.revisions} revisions\n`,
    );
  });
});
