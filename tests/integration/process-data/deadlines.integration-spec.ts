import { randomUUID } from 'node:crypto';
import { type MarketRole } from '@maco/domain';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { composeService } from '@maco/service';
import { mintTestToken, postJson, type TestService, useServicesOnOneDatabase, vendorBody } from '@maco/testing';

type Body = Record<string, unknown>;
type Deadline = {
  rule: string;
  due: string;
  state: string;
  requestRevision: number;
  requestReferences?: string[];
  answeredBy?: { pruefidentifikator: string; revision: number; at: string; businessKey?: string };
};

const serviceOf = (role: MarketRole) => composeService({ role, groups: [PROCESS_DATA_GROUP] });

/**
 * Answer deadlines on the process (issue "Operators see what is due"): a request of a deadline rule starts its
 * deadline, computed from the message's transmission time in BDEW working days and German legal time; an answer PI
 * booked on the same process meets it in time, or marks a late answer; an unanswered one past due is missed.
 */
describe('answer deadlines on the process', () => {
  const shared = useServicesOnOneDatabase({ LF: serviceOf('LF'), NB: serviceOf('NB'), MSB: serviceOf('MSB') });
  const post = (role: MarketRole, path: string, body: unknown) =>
    postJson(`${(shared.services as Record<string, TestService>)[role].baseUrl}${path}`, body, {
      token: mintTestToken({ roles: [role] }),
      headers: { 'x-format-version': '10/26' },
    });
  const deadlinesOf = async (role: MarketRole, key: string): Promise<Deadline[]> => {
    const response = await fetch(`${(shared.services as Record<string, TestService>)[role].baseUrl}/processes/${key}`, {
      headers: { authorization: `Bearer ${mintTestToken({ roles: [role] })}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { deadlines: Deadline[] }).deadlines;
  };
  /** A body of the PI (the vendor's 10/26 or 04/26 document) sent at `nachrichtendatum`. */
  const message = (pruefidentifikator: string, nachrichtendatum: string, zusatzdaten: Body) => {
    const body = vendorBody('202604', pruefidentifikator, 'minimal', { seed: 40, zusatzdaten });
    body.transaktionsdaten['nachrichtendatum'] = nachrichtendatum;
    body.zusatzdaten = { ...body.zusatzdaten, ...zusatzdaten };
    return body;
  };

  it('should make an NB answer an Anmeldung by 11:00 of the next working day, across the DST switch', async () => {
    const key = randomUUID();
    // Friday 2026-03-27 10:00 CET; Monday 2026-03-30 is the next working day, in summer time.
    expect(
      (await post('NB', '/createProcessData', message('55001', '2026-03-27T09:00:00Z', { businessKey: key }))).status,
    ).toBe(200);
    expect(await deadlinesOf('NB', key)).toEqual([
      expect.objectContaining({ rule: 'GPKE_ANMELDUNG_ANTWORT', due: '2026-03-30T09:00:00.000Z', requestRevision: 1 }),
    ]);
  });

  it('should make an old supplier answer a Kündigung by the end of the next working day after Christmas', async () => {
    const key = randomUUID();
    // Tuesday 2025-12-23: 24 to 28 December are no working days; Monday the 29th is, ending at 00:00 of the 30th.
    expect(
      (await post('LF', '/createProcessData', message('55016', '2025-12-23T14:00:00Z', { businessKey: key }))).status,
    ).toBe(200);
    const [deadline] = await deadlinesOf('LF', key);
    // Long past: missed, unanswered.
    expect(deadline).toMatchObject({
      rule: 'GPKE_KUENDIGUNG_ANTWORT',
      due: '2025-12-29T23:00:00.000Z',
      state: 'missed',
    });
    expect(deadline.answeredBy).toBeUndefined();
    // A late answer is recorded, and stays missed.
    const answer = message('55017', '2026-01-05T08:00:00Z', { businessKey: randomUUID(), targetBusinessKey: key });
    expect((await post('LF', '/updateProcessData', answer)).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({
      state: 'missed',
      answeredBy: { pruefidentifikator: '55017', revision: 2, at: '2026-01-05T08:00:00.000Z' },
    });
  });

  it('should meet a deadline answered in time on the same process', async () => {
    const key = randomUUID();
    const sent = new Date(Date.now() - 60_000).toISOString();
    expect((await post('LF', '/createProcessData', message('55016', sent, { businessKey: key }))).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({ state: 'open' });
    const answer = message('55018', new Date().toISOString(), { businessKey: randomUUID(), targetBusinessKey: key });
    expect((await post('LF', '/updateProcessData', answer)).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({
      state: 'met',
      answeredBy: { pruefidentifikator: '55018', revision: 2 },
    });
  });

  it('should meet a deadline with the answer a sub-process of its chain brings, created with its key as target', async () => {
    const key = randomUUID();
    const subProcess = randomUUID();
    const sent = new Date(Date.now() - 60_000).toISOString();
    expect((await post('NB', '/createProcessData', message('55001', sent, { businessKey: key }))).status).toBe(200);
    const answer = message('55002', new Date().toISOString(), { businessKey: subProcess, targetBusinessKey: key });
    expect((await post('NB', '/createProcessData', answer)).status).toBe(200);
    expect(await deadlinesOf('NB', key)).toEqual([
      expect.objectContaining({
        rule: 'GPKE_ANMELDUNG_ANTWORT',
        state: 'met',
        answeredBy: expect.objectContaining({ pruefidentifikator: '55002', revision: 1, businessKey: subProcess }),
      }),
    ]);
    // The sub-process owes nothing itself.
    expect(await deadlinesOf('NB', subProcess)).toEqual([]);
  });

  it('should meet a deadline with an answer booked later on a sub-process of its chain', async () => {
    const key = randomUUID();
    const subProcess = randomUUID();
    const sent = new Date(Date.now() - 60_000).toISOString();
    expect((await post('LF', '/createProcessData', message('55016', sent, { businessKey: key }))).status).toBe(200);
    // A sub-process about the same Kündigung (an Anfrage nach Stornierung, no rule's answer), then its answer there.
    const storno = message('55022', sent, { businessKey: subProcess, targetBusinessKey: key });
    expect((await post('LF', '/createProcessData', storno)).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({ state: 'open' });
    const answer = message('55017', new Date().toISOString(), { businessKey: subProcess });
    expect((await post('LF', '/updateProcessData', answer)).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({
      state: 'met',
      answeredBy: { pruefidentifikator: '55017', revision: 2, businessKey: subProcess },
    });
  });

  it('should keep the first answer of a deadline when the chain answers again', async () => {
    const key = randomUUID();
    const sent = new Date(Date.now() - 60_000).toISOString();
    expect((await post('NB', '/createProcessData', message('55004', sent, { businessKey: key }))).status).toBe(200);
    const first = message('55005', new Date().toISOString(), { businessKey: randomUUID(), targetBusinessKey: key });
    expect((await post('NB', '/updateProcessData', first)).status).toBe(200);
    const second = message('55006', new Date().toISOString(), { businessKey: randomUUID(), targetBusinessKey: key });
    expect((await post('NB', '/createProcessData', second)).status).toBe(200);
    const [deadline] = await deadlinesOf('NB', key);
    expect(deadline).toMatchObject({ state: 'met', answeredBy: { pruefidentifikator: '55005', revision: 2 } });
    expect(deadline.answeredBy?.businessKey).toBeUndefined();
  });

  /** A request sent a minute ago, known by the numbers given. */
  const requesting = (pruefidentifikator: string, zusatzdaten: Body, numbers: Body) => {
    const body = message(pruefidentifikator, new Date(Date.now() - 60_000).toISOString(), zusatzdaten);
    Object.assign(body.transaktionsdaten, numbers);
    return body;
  };
  /** An answer sent now, with the references to its request given (none when empty). */
  const answering = (pruefidentifikator: string, zusatzdaten: Body, references: Body = {}) => {
    const body = message(pruefidentifikator, new Date().toISOString(), zusatzdaten);
    delete body.transaktionsdaten['anfragereferenznummer'];
    delete body.transaktionsdaten['auftragsReferenz'];
    Object.assign(body.transaktionsdaten, references);
    return body;
  };
  const ofChain = (key: string) => ({ businessKey: randomUUID(), targetBusinessKey: key });

  it('should meet only the deadline of the request an answer refers to, where two share answer PIs', async () => {
    const key = randomUUID();
    const sperren = requesting('17115', { businessKey: key }, { dokumentennummer: `SPERR-${key}` });
    expect((await post('NB', '/createProcessData', sperren)).status).toBe(200);
    const entsperren = requesting('17117', ofChain(key), { dokumentennummer: `ENTSPERR-${key}` });
    expect((await post('NB', '/updateProcessData', entsperren)).status).toBe(200);
    const rules = async () =>
      Object.fromEntries(
        (await deadlinesOf('NB', key)).map(({ rule, state, answeredBy }) => [
          rule,
          [state, answeredBy?.pruefidentifikator],
        ]),
      );
    expect(await rules()).toEqual({
      GPKE_SPERRAUFTRAG_ANTWORT: ['open', undefined],
      GPKE_ENTSPERRAUFTRAG_ANTWORT: ['open', undefined],
    });
    // The ORDRSP names the Entsperrauftrag (RFF+ON): the Sperrauftrag still waits for its own answer.
    const toEntsperren = answering('19116', ofChain(key), { auftragsReferenz: `ENTSPERR-${key}` });
    expect((await post('NB', '/createProcessData', toEntsperren)).status).toBe(200);
    expect(await rules()).toEqual({
      GPKE_SPERRAUFTRAG_ANTWORT: ['open', undefined],
      GPKE_ENTSPERRAUFTRAG_ANTWORT: ['met', '19116'],
    });
    // An answer without a reference meets what is open of its rules.
    expect((await post('NB', '/createProcessData', answering('19117', ofChain(key)))).status).toBe(200);
    expect(await rules()).toEqual({
      GPKE_SPERRAUFTRAG_ANTWORT: ['met', '19117'],
      GPKE_ENTSPERRAUFTRAG_ANTWORT: ['met', '19116'],
    });
  });

  it('should meet a deadline with an answer whose reference names no request of the chain', async () => {
    const key = randomUUID();
    const kuendigung = requesting('55016', { businessKey: key }, { vorgangsnummer: `V-${key}` });
    expect((await post('LF', '/createProcessData', kuendigung)).status).toBe(200);
    // A reference the middleware filled from elsewhere: tolerated, the chain's open deadline is met all the same.
    const answer = answering('55017', ofChain(key), { anfragereferenznummer: 'NOT-A-REQUEST-OF-OURS' });
    expect((await post('LF', '/updateProcessData', answer)).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({
      state: 'met',
      answeredBy: { pruefidentifikator: '55017' },
    });
  });

  it('should meet the deadline of the Kündigung whose Vorgangsnummer the answer names (UTILMD RFF+TN)', async () => {
    const key = randomUUID();
    const first = requesting('55016', { businessKey: key }, { vorgangsnummer: `V1-${key}` });
    expect((await post('LF', '/createProcessData', first)).status).toBe(200);
    // A second Kündigung of the chain on a sub-process: two open deadlines of one rule the same answer PI meets.
    const subProcess = randomUUID();
    const second = requesting(
      '55016',
      { businessKey: subProcess, targetBusinessKey: key },
      { vorgangsnummer: `V2-${key}`, dokumentennummer: `D2-${key}` },
    );
    expect((await post('LF', '/createProcessData', second)).status).toBe(200);
    expect((await deadlinesOf('LF', subProcess))[0].requestReferences).toEqual([`V2-${key}`, `D2-${key}`]);
    const answer = answering('55018', { businessKey: subProcess }, { anfragereferenznummer: `V1-${key}` });
    expect((await post('LF', '/updateProcessData', answer)).status).toBe(200);
    expect((await deadlinesOf('LF', key))[0]).toMatchObject({
      state: 'met',
      answeredBy: { pruefidentifikator: '55018' },
    });
    expect((await deadlinesOf('LF', subProcess))[0]).toMatchObject({ state: 'open' });
    expect((await deadlinesOf('LF', subProcess))[0].answeredBy).toBeUndefined();
  });

  it('should time an announced E/G assignment by its Zuordnungsbeginn, and the assignment for silence not at all', async () => {
    const ahead = randomUUID();
    const announcement = message('55013', '2026-11-27T08:00:00Z', { businessKey: ahead });
    announcement.transaktionsdaten['kategorie'] = 'E01';
    announcement.transaktionsdaten['vertragsbeginn'] = '2026-11-30T23:00:00Z';
    expect((await post('LF', '/createProcessData', announcement)).status).toBe(200);
    // Friday 27 Nov 2026, the Zuordnungsbeginn ahead: 15:00 of that day.
    expect(await deadlinesOf('LF', ahead)).toEqual([
      expect.objectContaining({ rule: 'GPKE_EOG_ANTWORT', due: '2026-11-27T14:00:00.000Z' }),
    ]);
    const assigned = randomUUID();
    const forSilence = message('55013', '2026-11-27T08:00:00Z', { businessKey: assigned });
    forSilence.transaktionsdaten['kategorie'] = 'Z89';
    expect((await post('LF', '/createProcessData', forSilence)).status).toBe(200);
    expect(await deadlinesOf('LF', assigned)).toEqual([]);
  });

  it('should count the answer to a Gerätewechselabsicht back from the Gerätewechseltermin', async () => {
    const key = randomUUID();
    const absicht = message('17009', '2026-12-01T08:00:00Z', { businessKey: key });
    const stammdaten = absicht.stammdaten as { AUFTRAG: Body[] };
    stammdaten.AUFTRAG = [{ ...stammdaten.AUFTRAG?.[0], ausfuehrungsdatum: '2026-12-29T07:00:00Z' }];
    expect((await post('MSB', '/createProcessData', absicht)).status).toBe(200);
    // Tuesday 29 Dec: 24 to 27 Dec are no WT, so the 2nd WT before is Wednesday the 23rd, due by its end.
    expect(await deadlinesOf('MSB', key)).toEqual([
      expect.objectContaining({ rule: 'WIM_GERAETEWECHSELABSICHT_ANTWORT', due: '2026-12-23T23:00:00.000Z' }),
    ]);
  });

  it('should start no deadline for a PI no rule names', async () => {
    const key = randomUUID();
    expect(
      (await post('LF', '/createProcessData', message('55001', '2026-03-27T09:00:00Z', { businessKey: key }))).status,
    ).toBe(200);
    expect(await deadlinesOf('LF', key)).toEqual([]);
  });
});
