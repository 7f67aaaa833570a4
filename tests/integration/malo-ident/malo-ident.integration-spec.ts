import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkedStatement } from '@maco/malo-ident';
import { NB_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  createTestDatabase,
  mintTestToken,
  postJson,
  samplesDir,
  startTestService,
  type TestDatabase,
  type TestService,
  withClient,
} from '@maco/testing';

type Bo = Record<string, unknown>;
type Candidate = Record<string, unknown> & { lokationsId: string };

const SAMPLE_ANSWER = JSON.parse(
  readFileSync(join(samplesDir(), 'nb-maloident-identify-response.json'), 'utf8'),
) as unknown;
const AT = '2026-08-02T22:00:00Z';
const OWN = '10001';
const NEIGHBOUR = '20001';
const MELO = 'DE00014545768S0000000000000003054';

const id = (n: number) => `5${String(n).padStart(10, '0')}`;
const nbRole = [
  {
    boTyp: 'MARKTTEILNEHMER',
    marktrolle: 'NB',
    rollencodenummer: '9900936000002',
    zuordnungVon: '2020-01-01T00:00:00Z',
  },
];
const malo = (maloId: string, address: Bo, name: Bo | undefined, extra: Bo = {}): Bo => ({
  boTyp: 'MARKTLOKATION',
  versionStruktur: '1',
  marktlokationsId: maloId,
  energierichtung: 'AUSSP',
  netzgebietNr: OWN,
  lokationsadresse: { landescode: 'DE', ort: 'Berlin', ...address },
  ...(name ? { endkunde: { boTyp: 'GESCHAEFTSPARTNER', ...name } } : {}),
  marktrollen: nbRole,
  gueltigkeitszeitraum: { startdatum: '2020-01-01T00:00:00Z' },
  ...extra,
});

const FIRST = ['Anna', 'Lukas', 'Marie', 'Felix', 'Sophie', 'Jonas', 'Emma', 'Paul', 'Mia', 'Leon'];
const LAST = [
  'Schulz',
  'Wagner',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
];

/** ≥ 200 MaLos: streets in several postcodes, the same street written three ways, namesakes, resting MaLos, a neighbouring grid area. */
function fixture(): Bo[] {
  const objects: Bo[] = [];
  for (let n = 1; n <= 200; n += 1) {
    const postcode = ['10115', '10117', '10119', '12117'][n % 4] ?? '10115';
    const street =
      ['Chausseestraße', 'Invalidenstr.', 'Torstrasse', 'Linienstraße', 'Am Kupfergraben'][n % 5] ?? 'Torstrasse';
    objects.push(
      malo(
        id(n),
        { postleitzahl: postcode, strasse: street, hausnummer: `${(n % 60) + 1}${n % 7 === 0 ? ' a' : ''}` },
        { name1: LAST[n % LAST.length], name2: FIRST[n % FIRST.length] },
        {
          ...(n % 25 === 0
            ? { marktlokationsTyp: [{ typ: 'RUHENDE_MARKTLOKATION', gueltigAb: '2024-01-01T00:00:00Z' }] }
            : {}),
          ...(n % 10 === 3 ? { netzgebietNr: NEIGHBOUR } : {}),
        },
      ),
    );
  }
  // The same street written three ways.
  objects.push(
    malo(
      id(301),
      { postleitzahl: '10405', strasse: 'Hauptstraße', hausnummer: '5' },
      { name1: 'Yilmaz', name2: 'Ayşe' },
    ),
  );
  objects.push(
    malo(
      id(302),
      { postleitzahl: '10405', strasse: 'Hauptstr.', hausnummer: '7' },
      { name1: 'Öztürk', name2: 'Mehmet' },
    ),
  );
  objects.push(
    malo(
      id(303),
      { postleitzahl: '10405', strasse: 'Haupt-Strasse', hausnummer: '9 B' },
      { name1: 'Weiß', name2: 'Jürgen' },
    ),
  );
  // Twelve namesakes "Thomas Müller" (more than the default of ten candidates).
  for (let n = 0; n < 12; n += 1)
    objects.push(
      malo(
        id(400 + n),
        { postleitzahl: '13353', strasse: 'Müllerstraße', hausnummer: String(n + 1) },
        { name1: 'Müller', name2: 'Thomas' },
      ),
    );
  // The contract's example MaLo, with MeLo, tranche and meter.
  objects.push(
    malo(
      '74018657187',
      { postleitzahl: '12117', strasse: 'Reinhardtstraße', hausnummer: '32', adresszusatz: 'Ausbau' },
      {
        name1: 'Becker',
        name2: 'Michael',
        externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: 'V567345345' }],
      },
      {
        zugehoerigeMesslokationen: [{ messlokationsId: MELO }],
      },
    ),
  );
  return objects;
}

const identifyBody = (stammdaten: Bo, key: string, extra: Bo = {}): Bo => ({
  stammdaten: {
    MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', energierichtung: 'AUSSP' }],
    ...stammdaten,
  },
  transaktionsdaten: {
    vorgangsnummer: key,
    idempodenzschluessel: key,
    ausfuehrungsdatum: AT,
    absender: { rollencodenummer: '9904000000005' },
    empfaenger: { rollencodenummer: '9900936000002' },
    ...extra,
  },
});
const maloCriterion = (fields: Bo) => ({
  MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', versionStruktur: '1', energierichtung: 'AUSSP', ...fields }],
});
const customer = (partner: Bo) => ({
  ENERGIELIEFERVERTRAG: [
    {
      boTyp: 'VERTRAG',
      versionStruktur: '1',
      vertragsart: 'ENERGIELIEFERVERTRAG',
      vertragspartner2: [{ boTyp: 'GESCHAEFTSPARTNER', ...partner }],
    },
  ],
});

describe('MaLo identification for the grid operator (malo-ident group, NB service)', () => {
  const tokens = {
    NB: mintTestToken({ roles: ['NB'], subject: 'maloident-app' }),
    LF: mintTestToken({ roles: ['LF'] }),
  };
  let database: TestDatabase;
  let nb: TestService;
  let counter = 0;
  const key = () => `0b6f6e2a-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`;

  const identify = async (body: unknown, token = tokens.NB) =>
    postJson(`${nb.baseUrl}/identifyMarketlocation`, body, { token });
  const candidates = async (stammdaten: Bo): Promise<Candidate[]> => {
    const answer = await identify(identifyBody(stammdaten, key()));
    expect(answer.status).toBe(200);
    return (answer.body as { maloIdentDaten: Candidate[] }).maloIdentDaten;
  };
  const get = async (path: string, token = tokens.NB) => {
    const response = await fetch(`${nb.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: response.status,
      body: (await response.json()) as Bo & { stammdaten: Record<string, Bo[]>; errors?: Bo[] },
    };
  };
  const importMasterData = async (stammdaten: Record<string, Bo[]>) => {
    const answer = await postJson(`${nb.baseUrl}/masterData`, { stammdaten }, { token: tokens.NB });
    expect([answer.status, (answer.body as { refused: unknown[] }).refused]).toEqual([200, []]);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    nb = await startTestService(composeService(NB_SERVICE), database.url, {
      LOG_LEVEL: 'error',
      MALO_IDENT_OWN_GRID_AREAS: OWN,
    });
    await importMasterData({
      MARKTLOKATION: fixture(),
      TRANCHE: [{ boTyp: 'TRANCHE', versionStruktur: '1', tranchenId: '57685676742', marktlokationsId: '74018657187' }],
      MESSLOKATION: [
        { boTyp: 'MESSLOKATION', versionStruktur: '1', messlokationsId: MELO, referenzMarktlokationsId: '74018657187' },
      ],
      ZAEHLER: [{ boTyp: 'ZAEHLER', versionStruktur: '1', zaehlernummer: '1SM-8465929523', messlokationsId: MELO }],
    });
  }, 60_000);

  afterAll(async () => {
    await nb?.close();
    await database?.drop();
  });

  it('should answer the contract example request with the expected candidate (the sample answer)', async () => {
    const body = identifyBody(
      maloCriterion({
        marktlokationsId: '74018657187',
        lokationsadresse: {
          postleitzahl: '12117',
          ort: 'Berlin',
          strasse: 'Reinhardtstr.',
          hausnummer: '32',
          landescode: 'DE',
        },
      }),
      key(),
    );
    const answer = await identify(body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(SAMPLE_ANSWER);
  });

  it('should hit on MeLo, tranche, meter number, customer number and name of the example MaLo', async () => {
    const [only, ...rest] = await candidates({
      MESSLOKATION: [{ boTyp: 'MESSLOKATION', versionStruktur: '1', messlokationsId: MELO }],
      TRANCHE: [{ boTyp: 'TRANCHE', versionStruktur: '1', tranchenId: '57685676742' }],
      ZAEHLER: [{ boTyp: 'ZAEHLER', versionStruktur: '1', zaehlernummer: '0001SM-8465929523' }],
      ...customer({
        name1: 'Michael',
        name2: 'Becker',
        externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: 'V567345345' }],
      }),
    });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      lokationsId: '74018657187',
      trefferMeloid: true,
      trefferTrancheId: true,
      trefferGeraetenummer: true,
      trefferKundennummer: true,
      trefferName: true,
      trefferMaloid: false,
      trefferAdresse1: false,
    });
    // Must not hit: another MeLo, tranche, meter (case-sensitive) and customer number.
    expect(
      await candidates({
        MESSLOKATION: [{ messlokationsId: MELO.replace(/4$/, '5') }],
        TRANCHE: [{ tranchenId: '57685676743' }],
        ZAEHLER: [{ zaehlernummer: '1sm-8465929523' }],
        ...customer({
          name1: 'Nobody',
          externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: 'v567345345' }],
        }),
      }),
    ).toEqual([]);
  });

  it('should find the same street written three ways, and not the wrong house number suffix', async () => {
    for (const [strasse, hausnummer, expected] of [
      ['Hauptstrasse', '5', id(301)],
      ['Hauptstraße', '7', id(302)],
      ['Hauptstr.', '9b', id(303)],
      ['HAUPT STR.', '9 B', id(303)],
    ] as const) {
      const found = await candidates(
        maloCriterion({ lokationsadresse: { postleitzahl: '10405', ort: 'Berlin', strasse, hausnummer } }),
      );
      expect([strasse, found.map((candidate) => [candidate.lokationsId, candidate['trefferAdresse1']])]).toEqual([
        strasse,
        [[expected, true]],
      ]);
    }
    expect(
      await candidates(
        maloCriterion({
          lokationsadresse: { postleitzahl: '10405', ort: 'Berlin', strasse: 'Hauptstraße', hausnummer: '9' },
        }),
      ),
    ).toEqual([]);
  });

  it('should answer at most ten namesakes, the one at the given address first', async () => {
    const byName = await candidates(customer({ name1: 'Mueller', name2: 'Thomas' }));
    expect(byName).toHaveLength(10);
    expect(
      byName.every((candidate) => candidate['trefferName'] === true && candidate['trefferAdresse1'] === false),
    ).toBe(true);
    const withAddress = await candidates({
      ...maloCriterion({
        lokationsadresse: { postleitzahl: '13353', ort: 'Berlin', strasse: 'Müllerstr.', hausnummer: '12' },
      }),
      ...customer({ name1: 'Müller', name2: 'Thomas' }),
    });
    expect(withAddress[0]).toMatchObject({
      lokationsId: id(411),
      trefferName: true,
      trefferAdresse1: true,
      trefferAdresse2: true,
    });
    expect(withAddress.slice(1).every((candidate) => candidate['trefferAdresse1'] === false)).toBe(true);
    // A surname alone is no name hit.
    expect(await candidates(customer({ name1: 'Müller' }))).toEqual([]);
  });

  it('should flag decommissioned MaLos and MaLos of a neighbouring grid area', async () => {
    const [resting] = await candidates(maloCriterion({ marktlokationsId: id(25) }));
    expect(resting).toMatchObject({ lokationsId: id(25), trefferStillgelegt: true, trefferNetzgebiet: true });
    const [live] = await candidates(maloCriterion({ marktlokationsId: id(24) }));
    expect(live).toMatchObject({ trefferStillgelegt: false, trefferMakorelevant: true });
    const [neighbour] = await candidates(maloCriterion({ marktlokationsId: id(13) }));
    expect(neighbour).toMatchObject({ lokationsId: id(13), trefferNetzgebiet: false, trefferNetzgebiet3KJ: false });
  });

  it('should see a MaLo that left the own grid area within three calendar years', async () => {
    const moved = id(500);
    await importMasterData({
      MARKTLOKATION: [malo(moved, { postleitzahl: '14050', strasse: 'Grenzweg', hausnummer: '1' }, undefined)],
    });
    await importMasterData({
      MARKTLOKATION: [
        malo(moved, { postleitzahl: '14050', strasse: 'Grenzweg', hausnummer: '1' }, undefined, {
          netzgebietNr: NEIGHBOUR,
          gueltigkeitszeitraum: { startdatum: '2025-01-01T00:00:00Z' },
        }),
      ],
    });
    const [found] = await candidates(maloCriterion({ marktlokationsId: moved }));
    expect(found).toMatchObject({ trefferNetzgebiet: false, trefferNetzgebiet3KJ: true });
  });

  it('should answer no candidate as an empty list', async () => {
    expect(await candidates(maloCriterion({ marktlokationsId: '41373559241' }))).toEqual([]);
  });

  it('should answer a retry with the recorded answer and keep the record readable for operators', async () => {
    const retryKey = key();
    const body = identifyBody(
      maloCriterion({
        lokationsadresse: { postleitzahl: '14050', ort: 'Berlin', strasse: 'Ruheweg', hausnummer: '3' },
      }),
      retryKey,
    );
    expect((await identify(body)).body).toEqual({ maloIdentDaten: [] });
    await importMasterData({
      MARKTLOKATION: [malo(id(600), { postleitzahl: '14050', strasse: 'Ruheweg', hausnummer: '3' }, undefined)],
    });
    // Same key: the recorded answer, even though the MaLo exists now; a new key finds it.
    expect((await identify(body)).body).toEqual({ maloIdentDaten: [] });
    expect(
      (
        await identify({
          ...body,
          transaktionsdaten: { ...(body['transaktionsdaten'] as Bo), idempodenzschluessel: key() },
        })
      ).body,
    ).toMatchObject({ maloIdentDaten: [{ lokationsId: id(600) }] });

    const record = await get(`/maloIdentRequests/${retryKey}`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      role: 'NB',
      idempotencyKey: retryKey,
      vorgangsnummer: retryKey,
      tokenSubject: 'maloident-app',
      request: body,
      answer: { maloIdentDaten: [] },
      candidateCount: 0,
    });
    expect(typeof record.body['receivedAt']).toBe('string');
    expect((await get('/maloIdentRequests/unknown-key')).status).toBe(404);
  });

  it('should refuse a bad body with 400 and pointers to each problem', async () => {
    const answer = await identify({
      stammdaten: { MARKTLOKATION: [{ marktlokationsId: '123' }] },
      transaktionsdaten: { vorgangsnummer: 'x', absender: {} },
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(answer.body['code']).toBe('MALO_IDENT.INVALID_REQUEST');
    expect((answer.body.errors ?? []).map((error) => error.pointer)).toEqual(
      expect.arrayContaining([
        '#/stammdaten/MARKTLOKATION/0/marktlokationsId',
        '#/stammdaten/MARKTLOKATION/0/energierichtung',
        '#/transaktionsdaten/ausfuehrungsdatum',
        '#/transaktionsdaten/absender/rollencodenummer',
      ]),
    );
    // Only the moment is required: the parties and the transaction id are notes on the record, never a 400.
    expect((answer.body.errors ?? []).map((error) => error.pointer)).not.toContain('#/transaktionsdaten/empfaenger');
    expect((await identify({ transaktionsdaten: {} })).status).toBe(400);
    expect(
      (
        await postJson(
          `${nb.baseUrl}/identifyMarketlocation?command=LESEN_MALOIDENT_MARKTLOKATION`,
          identifyBody({}, key()),
          { token: tokens.NB },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await postJson(
          `${nb.baseUrl}/identifyMarketlocation?command=SAP_LESEN_MALOIDENT_BASIS`,
          identifyBody(maloCriterion({ marktlokationsId: id(1) }), key()),
          { token: tokens.NB },
        )
      ).status,
    ).toBe(200);
  });

  it('should answer LESEN_LOKATIONIDENT_BASIS, with or without a system prefix, as LESEN_MALOIDENT_BASIS; another operation is 400', async () => {
    // A fresh key each time: a repeated key would answer the recorded answer whatever the command.
    const post = async (command: string, stammdaten: Bo) => {
      const answer = await postJson(
        `${nb.baseUrl}/identifyMarketlocation?command=${command}`,
        identifyBody(stammdaten, key()),
        { token: tokens.NB },
      );
      return [answer.status, answer.body];
    };
    const example = maloCriterion({
      marktlokationsId: '74018657187',
      lokationsadresse: {
        postleitzahl: '12117',
        ort: 'Berlin',
        strasse: 'Reinhardtstr.',
        hausnummer: '32',
        landescode: 'DE',
      },
    });
    const byName = customer({ name1: 'Müller', name2: 'Thomas' });
    for (const stammdaten of [example, byName]) {
      const answer = await post('LESEN_MALOIDENT_BASIS', stammdaten);
      expect((answer[1] as { maloIdentDaten: unknown[] }).maloIdentDaten.length).toBeGreaterThan(0);
      expect(await post('LESEN_LOKATIONIDENT_BASIS', stammdaten)).toEqual(answer);
      expect(await post('SAP_LESEN_LOKATIONIDENT_BASIS', stammdaten)).toEqual(answer);
    }
    expect((await post('LESEN_LOKATIONIDENT_BASIS', example))[1]).toEqual(SAMPLE_ANSWER);

    for (const other of ['LESEN_MALOIDENT_MARKTLOKATION', 'IDENTIFIZIEREN_LOKATION_BASIS', 'SAP_LESEN_LOKATIONIDENT']) {
      const [status, problem] = await post(other, example);
      expect([
        status,
        (problem as { code: string }).code,
        (problem as { errors: { pointer: string }[] }).errors.map((error) => error.pointer),
      ]).toEqual([400, 'MALO_IDENT.INVALID_PARAMETER', ['#/command']]);
    }
  });

  it("should answer the vendor's LESEN_LOKATIONIDENT_BASIS request (criteria and ausfuehrungsdatum only), keyed on its body", async () => {
    const body = {
      stammdaten: maloCriterion({ marktlokationsId: '74018657187' }),
      transaktionsdaten: { ausfuehrungsdatum: AT },
    };
    const post = () =>
      postJson(`${nb.baseUrl}/identifyMarketlocation?command=LESEN_LOKATIONIDENT_BASIS`, body, { token: tokens.NB });
    const first = await post();
    expect(first.status).toBe(200);
    expect((first.body as { maloIdentDaten: unknown[] }).maloIdentDaten.length).toBeGreaterThan(0);
    expect((await post()).body).toEqual(first.body);

    const bodyKey = `body:${createHash('sha256').update(JSON.stringify(body)).digest('hex')}`;
    const record = await get(`/maloIdentRequests/${bodyKey}`);
    expect(record.status).toBe(200);
    expect(record.body['vorgangsnummer']).toBeNull();
    expect((record.body['notes'] as { pointer: string }[]).map((note) => note.pointer)).toEqual([
      '#/transaktionsdaten/vorgangsnummer',
      '#/transaktionsdaten/absender',
      '#/transaktionsdaten/empfaenger',
    ]);
  });

  it('should refuse an LF token (403) on every route of the group', async () => {
    expect((await identify(identifyBody(maloCriterion({ marktlokationsId: id(1) }), key()), tokens.LF)).status).toBe(
      403,
    );
    expect((await get(`/getMaloidentMarketlocation?parameter1=${id(1)}&parameter3=${AT}`, tokens.LF)).status).toBe(403);
    expect((await get('/maloIdentRequests/any', tokens.LF)).status).toBe(403);
  });

  it('should read the master data of the identified MaLo at key dates, with or without milliseconds', async () => {
    const read = (maloId: string, date: string, command = '') =>
      get(`/getMaloidentMarketlocation?parameter1=${maloId}&parameter3=${encodeURIComponent(date)}${command}`);
    const example = await read('74018657187', '2026-08-02T22:00:00.000Z', '&command=SAP_LESEN_MALOIDENT_MARKTLOKATION');
    expect(example.status).toBe(200);
    expect(Object.keys(example.body.stammdaten)).toEqual([
      'MARKTLOKATION',
      'BILANZIERUNG',
      'TRANCHE',
      'MESSLOKATION',
      'ENERGIELIEFERVERTRAG',
      'TECHNISCHE_RESSOURCE',
      'STEUERBARE_RESSOURCE',
      'NETZLOKATION',
    ]);
    expect(example.body.stammdaten['MARKTLOKATION']).toEqual([
      expect.objectContaining({ marktlokationsId: '74018657187' }),
    ]);
    expect(example.body.stammdaten['TRANCHE']).toEqual([expect.objectContaining({ tranchenId: '57685676742' })]);
    expect(example.body.stammdaten['MESSLOKATION']).toEqual([expect.objectContaining({ messlokationsId: MELO })]);

    const moved = id(500);
    expect((await read(moved, '2024-06-01T00:00:00Z')).body.stammdaten['MARKTLOKATION']).toEqual([
      expect.objectContaining({ netzgebietNr: OWN }),
    ]);
    expect((await read(moved, '2025-06-01T00:00:00.000Z')).body.stammdaten['MARKTLOKATION']).toEqual([
      expect.objectContaining({ netzgebietNr: NEIGHBOUR }),
    ]);
    expect((await read(moved, '2019-06-01T00:00:00Z')).body.stammdaten['MARKTLOKATION']).toEqual([]);
    const unknown = await read('41373559241', AT);
    expect([unknown.status, unknown.body.stammdaten['MARKTLOKATION']]).toEqual([200, []]);

    const bad = await get('/getMaloidentMarketlocation?parameter1=123&parameter3=yesterday');
    expect(bad.status).toBe(400);
    expect((bad.body.errors ?? []).map((error) => error['pointer'])).toEqual(['#/parameter1', '#/parameter3']);
    expect((await get(`/getMaloidentMarketlocation?parameter1=${moved}`)).status).toBe(400);
    expect(
      (await get(`/getMaloidentMarketlocation?parameter1=${moved}&parameter3=${AT}&command=LESEN_MALOIDENT_BASIS`))
        .status,
    ).toBe(400);
  });

  it('should answer both operations under their German names as under the English ones', async () => {
    const criteria = maloCriterion({
      marktlokationsId: '74018657187',
      lokationsadresse: {
        postleitzahl: '12117',
        ort: 'Berlin',
        strasse: 'Reinhardtstr.',
        hausnummer: '32',
        landescode: 'DE',
      },
    });
    const germanKey = key();
    const german = await postJson(`${nb.baseUrl}/lesenMaloidentBasis`, identifyBody(criteria, germanKey), {
      token: tokens.NB,
    });
    const english = await identify(identifyBody(criteria, key()));
    expect([german.status, german.body]).toEqual([200, english.body]);
    expect(german.body).toEqual(SAMPLE_ANSWER);
    // One operation: recorded like any identification, the command and the role checked alike.
    expect((await get(`/maloIdentRequests/${germanKey}`)).body).toMatchObject({
      idempotencyKey: germanKey,
      candidateCount: 1,
    });
    expect(
      (
        await postJson(
          `${nb.baseUrl}/lesenMaloidentBasis?command=LESEN_MALOIDENT_MARKTLOKATION`,
          identifyBody(criteria, key()),
          { token: tokens.NB },
        )
      ).status,
    ).toBe(400);
    expect(
      (await postJson(`${nb.baseUrl}/lesenMaloidentBasis`, identifyBody(criteria, key()), { token: tokens.LF })).status,
    ).toBe(403);

    const query = `parameter1=74018657187&parameter3=${AT}`;
    const [germanRead, englishRead] = [
      await get(`/lesenMaloidentMarktlokation?${query}`),
      await get(`/getMaloidentMarketlocation?${query}`),
    ];
    expect([germanRead.status, germanRead.body]).toEqual([200, englishRead.body]);
    expect(germanRead.body.stammdaten['MARKTLOKATION']).toEqual([
      expect.objectContaining({ marktlokationsId: '74018657187' }),
    ]);
    expect((await get(`/lesenMaloidentMarktlokation?${query}&command=LESEN_MALOIDENT_BASIS`)).status).toBe(400);
    expect((await get(`/lesenMaloidentMarktlokation?${query}`, tokens.LF)).status).toBe(403);
  });

  it('should identify through the GIN index on locations, without a sequential scan, among 100 000 synthetic MaLos', async () => {
    const plan = await withClient(database.url, async (client) => {
      await client.query(`
        INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source)
        SELECT 'NB', 'MARKTLOKATION', lpad(i::text, 11, '9'), tstzrange(NULL, NULL), '-infinity',
          ARRAY['MALO:' || lpad(i::text, 11, '9'), 'ID:ADR|' || lpad((i % 8000)::text, 5, '0') || '|' || (i % 97)::text, 'ID:NAME|name' || (i % 50000)::text || ' vorname'],
          jsonb_build_object('marktlokationsId', lpad(i::text, 11, '9')), 'import'
        FROM generate_series(1, 100000) AS i`);
      await client.query('ANALYZE business_object');
      const { text, values } = linkedStatement({
        role: 'NB',
        kinds: ['MARKTLOKATION', 'MESSLOKATION', 'TRANCHE', 'ZAEHLER'],
        keys: ['MALO:99999954321', 'ID:ADR|04321|12', 'ID:NAME|mueller thomas', 'ID:ZNR|1SM-8465929523'],
        since: new Date('2023-01-01T00:00:00Z'),
        at: new Date(AT),
        limit: 500,
      });
      const { rows } = await client.query(`EXPLAIN ${text}`, values);
      return rows.map((row: Bo) => row['QUERY PLAN'] as string).join('\n');
    });
    expect(plan).toMatch(/idx_business_object_locations/);
    expect(plan).not.toMatch(/Seq Scan on business_object/);
  }, 60_000);
});
