import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toEnglish } from '@maco/domain';
import { NB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  mintTestToken,
  postJson,
  samplesDir,
  startTestService,
  type TestService,
  useServicesOnOneDatabase,
} from '@maco/testing';

type Bo = Record<string, unknown>;

const SAMPLE_ANSWER = JSON.parse(readFileSync(join(samplesDir(), 'nb-maloident-identify-response.json'), 'utf8')) as Bo;
const AT = '2026-08-02T22:00:00Z';
const MALO = '74018657187';
const STORED = {
  boTyp: 'MARKTLOKATION',
  versionStruktur: '1',
  marktlokationsId: MALO,
  sparte: 'STROM',
  energierichtung: 'AUSSP',
  netzgebietNr: '10001',
  lokationsadresse: { postleitzahl: '12117', ort: 'Berlin', strasse: 'Reinhardtstraße', hausnummer: '32' },
  marktrollen: [
    {
      boTyp: 'MARKTTEILNEHMER',
      marktrolle: 'NB',
      rollencodenummer: '9900936000002',
      zuordnungVon: '2020-01-01T00:00:00Z',
    },
  ],
  gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
};

/** The contract's example request (it answers SAMPLE_ANSWER), in German; `transaktionsdaten` as given, else complete. */
const germanRequest = (key: string, transaktionsdaten?: Bo): Bo => ({
  stammdaten: {
    MARKTLOKATION: [
      {
        boTyp: 'MARKTLOKATION',
        versionStruktur: '1',
        marktlokationsId: MALO,
        energierichtung: 'AUSSP',
        lokationsadresse: { postleitzahl: '12117', ort: 'Berlin', strasse: 'Reinhardtstr.', hausnummer: '32' },
      },
    ],
  },
  transaktionsdaten: transaktionsdaten ?? {
    vorgangsnummer: key,
    idempodenzschluessel: key,
    ausfuehrungsdatum: AT,
    absender: { rollencodenummer: '9904000000005' },
    empfaenger: { rollencodenummer: '9900936000002' },
  },
});

/** The sample answer as an English service answers it: `lokationsId` by its English name, the flags as they are. */
const englishSampleAnswer = () => {
  const [candidate] = SAMPLE_ANSWER['maloIdentDaten'] as Bo[];
  const { lokationsId, ...flags } = candidate;
  return { maloIdentDaten: [{ locationId: lokationsId, ...flags }] };
};

/**
 * The MaLo identification with the vendor's English dialect: an NB service with `MACO_DIALECT=en` and a German one on
 * the same database. Either takes requests in either dialect; each answers in its own; what is recorded is the
 * request as received and the canonical answer.
 */
describe('MaLo identification in the English dialect (malo-ident group, NB)', () => {
  const token = mintTestToken({ roles: ['NB'], subject: 'maloident-app' });
  const shared = useServicesOnOneDatabase(
    { english: composeService(NB_SERVICE) },
    { LOG_LEVEL: 'error', MACO_DIALECT: 'en' },
  );
  let english: TestService;
  let german: TestService;

  beforeAll(async () => {
    english = shared.services.english;
    german = await startTestService(composeService(NB_SERVICE), shared.database.url, { LOG_LEVEL: 'error' });
    const imported = await postJson(
      `${german.baseUrl}/masterData`,
      { stammdaten: { MARKTLOKATION: [STORED] } },
      { token },
    );
    expect(imported.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await german?.close();
  });

  const identify = (service: TestService, body: unknown) =>
    postJson(`${service.baseUrl}/identifyMarketlocation`, body, { token });
  const get = async (service: TestService, path: string) => {
    const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Bo };
  };

  it('should identify an English request as its German twin and answer in the service’s dialect', async () => {
    const [enToEn, deToEn, enToDe, deToDe] = [
      await identify(english, toEnglish(germanRequest(randomUUID()))),
      await identify(english, germanRequest(randomUUID())),
      await identify(german, toEnglish(germanRequest(randomUUID()))),
      await identify(german, germanRequest(randomUUID())),
    ];
    expect([enToEn.status, enToEn.body]).toEqual([200, englishSampleAnswer()]);
    expect([deToEn.status, deToEn.body]).toEqual([200, englishSampleAnswer()]);
    expect([enToDe.status, enToDe.body]).toEqual([200, SAMPLE_ANSWER]);
    expect([deToDe.status, deToDe.body]).toEqual([200, SAMPLE_ANSWER]);
  });

  it('should record the English request as received and the answer canonical (each service reads it in its dialect)', async () => {
    const key = randomUUID();
    const sent = toEnglish(germanRequest(key, { idempodenzschluessel: key, ausfuehrungsdatum: AT }));
    expect((await identify(english, sent)).status).toBe(200);
    // The same key again: the recorded answer, in the dialect of the service asked.
    expect((await identify(german, sent)).body).toEqual(SAMPLE_ANSWER);
    expect((await identify(english, sent)).body).toEqual(englishSampleAnswer());

    const [onEnglish, onGerman] = [
      await get(english, `/maloIdentRequests/${key}`),
      await get(german, `/maloIdentRequests/${key}`),
    ];
    expect(onEnglish.status).toBe(200);
    expect(onEnglish.body).toMatchObject({ idempotencyKey: key, request: sent, answer: englishSampleAnswer() });
    expect(onGerman.body).toMatchObject({ idempotencyKey: key, request: sent, answer: SAMPLE_ANSWER });
    // What the request lacked, where it would be in the request as sent.
    expect((onEnglish.body['notes'] as { pointer: string }[]).map((note) => note.pointer)).toEqual([
      '#/transactionData/processNumber',
      '#/transactionData/sender',
      '#/transactionData/receiver',
    ]);
  });

  it('should point refusals into the English body as received, and refuse a mixed body at #', async () => {
    const bad = toEnglish({
      stammdaten: { MARKTLOKATION: [{ marktlokationsId: '123' }] },
      transaktionsdaten: { vorgangsnummer: 'x' },
    });
    const refused = await identify(english, bad);
    expect([refused.status, refused.body['code']]).toEqual([400, 'MALO_IDENT.INVALID_REQUEST']);
    expect((refused.body.errors ?? []).map((error) => error.pointer)).toEqual([
      '#/masterData/MARKET_LOCATION/0/marketLocationId',
      '#/masterData/MARKET_LOCATION/0/energyDirection',
      '#/transactionData/executionDate',
    ]);
    // The German service points into the English body alike: pointers follow the request, not the service.
    expect((await identify(german, bad)).body.errors).toEqual(refused.body.errors);

    const mixed = { ...(toEnglish(germanRequest(randomUUID())) as Bo), transaktionsdaten: { ausfuehrungsdatum: AT } };
    const refusedMixed = await identify(english, mixed);
    expect([refusedMixed.status, refusedMixed.body['code']]).toEqual([400, 'MALO_IDENT.INVALID_REQUEST']);
    expect(refusedMixed.body.errors).toEqual([{ pointer: '#', message: expect.stringContaining('one dialect') }]);
  });

  it('should answer the master data in the service’s dialect: masterData in English, stammdaten as before in German', async () => {
    const query = `/getMaloidentMarketlocation?parameter1=${MALO}&parameter3=${AT}`;
    const [onEnglish, onGerman] = [await get(english, query), await get(german, query)];
    expect([onGerman.status, onGerman.body['stammdaten']]).toEqual([
      200,
      {
        MARKTLOKATION: [STORED],
        BILANZIERUNG: [],
        TRANCHE: [],
        MESSLOKATION: [],
        ENERGIELIEFERVERTRAG: [],
        TECHNISCHE_RESSOURCE: [],
        STEUERBARE_RESSOURCE: [],
        NETZLOKATION: [],
      },
    ]);
    expect([onEnglish.status, onEnglish.body]).toEqual([200, toEnglish(onGerman.body)]);
    expect((onEnglish.body['masterData'] as Record<string, Bo[]>)['MARKET_LOCATION']).toEqual([
      expect.objectContaining({ marketLocationId: MALO, sector: 'ELECTRICITY', energyDirection: 'FEED_OUT' }),
    ]);
    // The German name of the route answers alike.
    expect((await get(english, `/lesenMaloidentMarktlokation?parameter1=${MALO}&parameter3=${AT}`)).body).toEqual(
      onEnglish.body,
    );
  });
});
