// What the probes refer to, booked through the main service's HTTP interface before they run.
import { randomUUID } from 'node:crypto';
import type { TestService } from '../test-service';
import { type Answer, type Ask, ask, type Json, json } from './requests';
import type { RoleKit } from './role-kit';

/** What the probes know of the data the main service holds. */
export interface Fixtures {
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
export const placeholderFixtures = (): Fixtures => ({
  processKey: randomUUID(),
  otherProcessKey: randomUUID(),
  ambiguousKey: randomUUID(),
  refusedOpen: randomUUID(),
  refusedToDismiss: randomUUID(),
  refusedDismissed: randomUUID(),
  refusedResolved: randomUUID(),
  maloIdentKey: randomUUID(),
});

/** Books what the probes of the main service refer to, through its HTTP interface. */
export async function bookFixtures(service: TestService, kit: RoleKit): Promise<Fixtures> {
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
