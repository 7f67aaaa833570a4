import { randomUUID } from 'node:crypto';
import { BO_READ_GROUP } from '@maco/bo-read';
import { releaseInForceAt, triggerEvent } from '@maco/domain';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { NB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  mintTestToken,
  postJson,
  type ScriptedMiddleware,
  startScriptedMiddleware,
  startTestService,
  type TestDatabase,
  type TestService,
  triggerBodyFor,
} from '@maco/testing';
import { TRIGGERS_GROUP } from '@maco/triggers';

type Bo = Record<string, unknown>;

const MALO = '74018657187';
const AT = '2026-08-02T22:00:00Z';

/**
 * The whole MaLo identification: the supplier starts it (START_MALOIDENT on an LF service), the grid operator identifies
 * the MaLo and reads its master data (this group on the NB service), the supplier's positive answer (03002) carries that
 * master data and is booked on the LF service, whose read model then reads the same MaLo.
 */
describe('MaLo identification round trip: identify → master data → 03002 booked on LF', () => {
  const tokens = { NB: mintTestToken({ roles: ['NB'] }), LF: mintTestToken({ roles: ['LF'] }) };
  let middleware: ScriptedMiddleware;
  let database: TestDatabase;
  let nb: TestService;
  let lf: TestService;

  beforeAll(async () => {
    middleware = await startScriptedMiddleware();
    database = await createTestDatabase();
    nb = await startTestService(composeService(NB_SERVICE), database.url, { LOG_LEVEL: 'error' });
    lf = await startTestService(
      composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, TRIGGERS_GROUP, BO_READ_GROUP] }),
      database.url,
      { ...middleware.env, LOG_LEVEL: 'error' },
    );
  });

  afterAll(async () => {
    await lf?.close();
    await nb?.close();
    await database?.drop();
    await middleware?.close();
  });

  it('should carry the grid operator’s master data of the identified MaLo into the supplier’s read model', async () => {
    const maloObject = {
      boTyp: 'MARKTLOKATION',
      versionStruktur: '1',
      marktlokationsId: MALO,
      energierichtung: 'AUSSP',
      netzgebietNr: '10001',
      lokationsadresse: {
        postleitzahl: '12117',
        ort: 'Berlin',
        strasse: 'Reinhardtstraße',
        hausnummer: '32',
        landescode: 'DE',
      },
      endkunde: { boTyp: 'GESCHAEFTSPARTNER', name1: 'Becker', name2: 'Michael' },
      gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
    };
    const imported = await postJson(
      `${nb.baseUrl}/masterData`,
      { stammdaten: { MARKTLOKATION: [maloObject] } },
      { token: tokens.NB },
    );
    expect(imported.status).toBe(200);

    // The supplier starts the identification.
    const release = releaseInForceAt(new Date());
    const event = release ? triggerEvent(release, 'LF', 'START_MALOIDENT') : undefined;
    if (!event) throw new Error('the catalogue lacks START_MALOIDENT');
    const trigger = await postJson(`${lf.baseUrl}/triggers/START_MALOIDENT`, triggerBodyFor(event), {
      token: tokens.LF,
    });
    expect(trigger.status).toBe(201);

    // The grid operator identifies and reads.
    const identified = await postJson(
      `${nb.baseUrl}/identifyMarketlocation`,
      {
        stammdaten: {
          MARKTLOKATION: [
            {
              boTyp: 'MARKTLOKATION',
              versionStruktur: '1',
              energierichtung: 'AUSSP',
              lokationsadresse: { postleitzahl: '12117', ort: 'Berlin', strasse: 'Reinhardtstr.', hausnummer: '32' },
            },
          ],
          ENERGIELIEFERVERTRAG: [
            { boTyp: 'VERTRAG', versionStruktur: '1', vertragspartner2: [{ name1: 'Becker', name2: 'Michael' }] },
          ],
        },
        transaktionsdaten: {
          vorgangsnummer: randomUUID(),
          ausfuehrungsdatum: AT,
          absender: { rollencodenummer: '9904000000005' },
          empfaenger: { rollencodenummer: '9900936000002' },
        },
      },
      { token: tokens.NB },
    );
    expect(identified.body).toMatchObject({
      maloIdentDaten: [{ lokationsId: MALO, trefferAdresse1: true, trefferName: true }],
    });
    const read = await fetch(`${nb.baseUrl}/getMaloidentMarketlocation?parameter1=${MALO}&parameter3=${AT}`, {
      headers: { authorization: `Bearer ${tokens.NB}` },
    });
    const masterData = ((await read.json()) as { stammdaten: Record<string, Bo[]> }).stammdaten;
    expect(masterData['MARKTLOKATION']).toEqual([maloObject]);

    // The supplier's positive answer carries it and is booked on the identification process.
    const stammdaten = Object.fromEntries(Object.entries(masterData).filter(([, objects]) => objects.length > 0));
    const answer = await postJson(
      `${lf.baseUrl}/updateProcessData`,
      {
        stammdaten,
        transaktionsdaten: {
          vorgangsnummer: randomUUID(),
          pruefidentifikator: '03002',
          absender: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9900936000002' },
          empfaenger: { boTyp: 'MARKTTEILNEHMER', versionStruktur: '1', rollencodenummer: '9904000000005' },
        },
        zusatzdaten: { prozessId: trigger.body['prozessId'], targetBusinessKey: trigger.body['businessKey'] },
      },
      { token: tokens.LF },
    );
    expect([answer.status, answer.body['businessKey']]).toEqual([201, trigger.body['prozessId']]);

    const onLf = await fetch(`${lf.baseUrl}/getMarketlocationBasic?parameter1=${MALO}&parameter3=${AT}`, {
      headers: { authorization: `Bearer ${tokens.LF}` },
    });
    expect(((await onLf.json()) as { stammdaten: Record<string, Bo[]> }).stammdaten['MARKTLOKATION']).toEqual(
      masterData['MARKTLOKATION'],
    );
  });
});
