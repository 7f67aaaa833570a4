import { randomInt } from 'node:crypto';
import { BO_READ_GROUP } from '@maco/bo-read';
import { identifyStatement } from '@maco/bo-read';
import { LF_SERVICE } from '@maco/roles';
import { composeService } from '@maco/service';
import {
  mintTestToken,
  postJson,
  type TestDatabase,
  type TestService,
  useServicesOnOneDatabase,
  withClient,
} from '@maco/testing';

type Bo = Record<string, unknown>;

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
const maloId = () => `5${digits(10)}`;
const meloId = () => `DE${digits(31)}`;

/** A MaLo as the vendor's mock answers it (address, customer, its MeLo), with fresh ids and an unknown field. */
function marktlokation(malo: string, postleitzahl: string, extra: Bo = {}): Bo {
  return {
    boTyp: 'MARKTLOKATION',
    versionStruktur: '1',
    marktlokationsId: malo,
    sparte: 'STROM',
    endkunde: { boTyp: 'GESCHAEFTSPARTNER', name1: 'Haiko', name2: 'Fisch' },
    lokationsadresse: { postleitzahl, ort: 'Wiesbaden', strasse: 'Korallenweg', hausnummer: '10', landescode: 'DE' },
    ausDemAltsystem: { kundennummer: 'K-1' },
    ...extra,
  };
}

/**
 * `POST /identifyLocation` (bo-read group) on the LF service as it ships: by id (the address sent then only ranks), by
 * address and name (a MeLo by its messadresse), none, ranking, paging headers, bad headers and criteria, roles. Objects
 * come in through `POST /masterData`.
 */
describe('identify locations (POST /identifyLocation)', () => {
  const tokens = { LF: mintTestToken({ roles: ['LF'] }), NB: mintTestToken({ roles: ['NB'] }) };
  let database: TestDatabase;
  let lf: TestService;
  let nb: TestService;

  const importMasterData = async (service: TestService, token: string, stammdaten: Record<string, Bo[]>) => {
    const answer = await postJson(`${service.baseUrl}/masterData`, { stammdaten }, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ refused: [] });
  };
  const identify = async (
    body: unknown,
    headers: Record<string, string> = {},
    { service = lf, token = tokens.LF, query = '' } = {},
  ) => {
    const answer = await postJson(`${service.baseUrl}/identifyLocation${query}`, body, { token, headers });
    const paging = Object.fromEntries(
      ['Treffer-Anzahl', 'Treffer-Gesamtanzahl', 'Treffer-Weitere-Vorhanden', 'Treffer-Offset'].map((name) => [
        name,
        answer.headers.get(name),
      ]),
    );
    return { status: answer.status, body: answer.body as unknown, paging };
  };
  const ids = (body: unknown) =>
    (body as Bo[]).map((object) => object['marktlokationsId'] ?? object['messlokationsId']);
  const criteria = (kind: string, ...list: Bo[]) => ({ stammdaten: { [kind]: list } });

  // The LF service as it ships and an NB service with the read group, on one database.
  const shared = useServicesOnOneDatabase({
    lf: composeService(LF_SERVICE),
    nb: composeService({ role: 'NB', groups: [BO_READ_GROUP] }),
  });
  beforeAll(
    () =>
      ({
        database,
        services: { lf, nb },
      } = shared),
  );

  it('should find a location by its id, as stored (unknown fields kept), and a MaLo by its MeLo', async () => {
    const malo = maloId();
    const melo = meloId();
    const stored = marktlokation(malo, '65189', { zugehoerigeMesslokationen: [{ messlokationsId: melo }] });
    const messlokation = { boTyp: 'MESSLOKATION', versionStruktur: '1', messlokationsId: melo, unbekannt: true };
    await importMasterData(lf, tokens.LF, { MARKTLOKATION: [stored], MESSLOKATION: [messlokation] });

    const byId = await identify(
      criteria('MARKTLOKATION', { boTyp: 'MARKTLOKATION', marktlokationsId: malo }),
      {},
      { query: '?command=SAP_IDENTIFIZIEREN_LOKATION_BASIS' },
    );
    expect(byId).toEqual({
      status: 200,
      body: [stored],
      paging: {
        'Treffer-Anzahl': '1',
        'Treffer-Gesamtanzahl': '1',
        'Treffer-Weitere-Vorhanden': 'false',
        'Treffer-Offset': '0',
      },
    });
    expect((await identify(criteria('MESSLOKATION', { messlokationsId: melo }))).body).toEqual([messlokation]);
    expect(ids((await identify(criteria('MARKTLOKATION', { messlokationsId: melo }))).body)).toEqual([malo]);
    // Both kinds in one body: any criterion matches.
    expect(
      ids(
        (
          await identify({
            stammdaten: { MARKTLOKATION: [{ marktlokationsId: malo }], MESSLOKATION: [{ messlokationsId: melo }] },
          })
        ).body,
      ),
    ).toEqual([malo, melo]);
  });

  it('should find locations by address and name, case-insensitively, in force now', async () => {
    const postleitzahl = digits(5);
    const [first, second] = [maloId(), maloId()].sort();
    await importMasterData(lf, tokens.LF, {
      MARKTLOKATION: [
        marktlokation(first, postleitzahl),
        marktlokation(second, postleitzahl, { endkunde: { name1: 'Erika', name2: 'Muster' } }),
      ],
    });

    const byAddress = await identify(
      criteria('MARKTLOKATION', { lokationsadresse: { postleitzahl, strasse: 'KORALLENWEG', hausnummer: '10' } }),
    );
    expect([byAddress.status, ids(byAddress.body), byAddress.paging['Treffer-Gesamtanzahl']]).toEqual([
      200,
      [first, second],
      '2',
    ]);
    expect(
      ids(
        (
          await identify(
            criteria('MARKTLOKATION', { lokationsadresse: { postleitzahl }, endkunde: { name1: 'erika' } }),
          )
        ).body,
      ),
    ).toEqual([second]);
    expect(
      ids((await identify(criteria('MARKTLOKATION', { lokationsadresse: { postleitzahl, ort: 'Mainz' } }))).body),
    ).toEqual([]);

    // A later version with another address: found by the new address only.
    await importMasterData(lf, tokens.LF, {
      MARKTLOKATION: [marktlokation(first, '10115', { lokationsadresse: { postleitzahl: '10115', ort: 'Berlin' } })],
    });
    expect(ids((await identify(criteria('MARKTLOKATION', { lokationsadresse: { postleitzahl } }))).body)).toEqual([
      second,
    ]);
    expect(
      ids(
        (await identify(criteria('MARKTLOKATION', { marktlokationsId: first, lokationsadresse: { ort: 'berlin' } })))
          .body,
      ),
    ).toEqual([first]);
  });

  it('should find a MaLo by its id whatever address the vendor’s sample request sends with it, and none for 00000000000', async () => {
    const malo = maloId();
    const stored = marktlokation(malo, '65189');
    await importMasterData(lf, tokens.LF, { MARKTLOKATION: [stored] });
    // The vendor's request shape: the MaLo id and an address that differs from the stored one in a detail or entirely.
    const sample = (marktlokationsId: string, lokationsadresse: Bo) => ({
      stammdaten: {
        MARKTLOKATION: [
          { boTyp: 'MARKTLOKATION', versionStruktur: '1', marktlokationsId, sparte: 'STROM', lokationsadresse },
        ],
      },
    });
    const nearly = {
      postleitzahl: '65189',
      ort: 'Wiesbaden',
      strasse: 'Korallenweg',
      hausnummer: '12',
      landescode: 'DE',
      ortsteil: 'Riff',
    };

    expect(await identify(sample(malo, nearly), {}, { query: '?command=IDENTIFIZIEREN_LOKATION_BASIS' })).toEqual({
      status: 200,
      body: [stored],
      paging: {
        'Treffer-Anzahl': '1',
        'Treffer-Gesamtanzahl': '1',
        'Treffer-Weitere-Vorhanden': 'false',
        'Treffer-Offset': '0',
      },
    });
    expect(
      ids((await identify(sample(malo, { postleitzahl: '10115', ort: 'Berlin', strasse: 'Torstraße' }))).body),
    ).toEqual([malo]);
    // The mock's empty answer: no MaLo has the id, though the address is that of every MaLo of this suite.
    const none = await identify(sample('00000000000', { ...nearly, hausnummer: '10' }));
    expect([none.status, none.body, none.paging['Treffer-Gesamtanzahl']]).toEqual([200, [], '0']);
  });

  it('should find a MeLo by its messadresse alone, every field sent matching', async () => {
    const postleitzahl = digits(5);
    const [melo, other] = [meloId(), meloId()];
    const messadresse = { postleitzahl, ort: 'Mainz', strasse: 'Rheinstraße', hausnummer: '1', landescode: 'DE' };
    await importMasterData(lf, tokens.LF, {
      MESSLOKATION: [
        { boTyp: 'MESSLOKATION', versionStruktur: '1', messlokationsId: melo, messadresse },
        {
          boTyp: 'MESSLOKATION',
          versionStruktur: '1',
          messlokationsId: other,
          messadresse: { ...messadresse, hausnummer: '3' },
        },
      ],
    });

    const byAddress = await identify(
      criteria('MESSLOKATION', {
        boTyp: 'MESSLOKATION',
        messadresse: { postleitzahl, strasse: 'RHEINSTRAßE', hausnummer: '1' },
      }),
    );
    expect([byAddress.status, ids(byAddress.body)]).toEqual([200, [melo]]);
    expect(ids((await identify(criteria('MESSLOKATION', { messadresse: { postleitzahl } }))).body)).toEqual(
      [melo, other].sort(),
    );
    expect(
      ids((await identify(criteria('MESSLOKATION', { messadresse: { postleitzahl, ort: 'Wiesbaden' } }))).body),
    ).toEqual([]);
  });

  it('should rank matches by the number of equal address and name fields, then by location id, and page in that order', async () => {
    const postleitzahl = digits(5);
    const [first, second, third] = [maloId(), maloId(), maloId()].sort();
    const at = (hausnummer: string) => ({ postleitzahl, ort: 'Wiesbaden', strasse: 'Korallenweg', hausnummer });
    await importMasterData(lf, tokens.LF, {
      MARKTLOKATION: [
        marktlokation(first, postleitzahl),
        marktlokation(second, postleitzahl, { lokationsadresse: at('12') }),
        marktlokation(third, postleitzahl, { lokationsadresse: at('12') }),
      ],
    });

    // Both criteria find second and third (three fields), the first only finds first (one field).
    const body = criteria(
      'MARKTLOKATION',
      { lokationsadresse: { postleitzahl } },
      { lokationsadresse: { postleitzahl, strasse: 'korallenweg', hausnummer: '12' } },
    );
    const ranked = await identify(body);
    expect([ids(ranked.body), ranked.paging['Treffer-Gesamtanzahl']]).toEqual([[second, third, first], '3']);
    expect(ids((await identify(body, { 'Treffer-Max-Anzahl': '1', 'Treffer-Offset': '2' })).body)).toEqual([first]);

    // By id the address only ranks: both MaLos of one MeLo are found, the one at house number 12 first.
    const melo = meloId();
    await importMasterData(lf, tokens.LF, {
      MARKTLOKATION: [
        marktlokation(first, postleitzahl, { zugehoerigeMesslokationen: [{ messlokationsId: melo }] }),
        marktlokation(third, postleitzahl, {
          lokationsadresse: at('12'),
          zugehoerigeMesslokationen: [{ messlokationsId: melo }],
        }),
      ],
    });
    const byMelo = criteria('MARKTLOKATION', {
      messlokationsId: melo,
      lokationsadresse: { postleitzahl, hausnummer: '12' },
    });
    expect(ids((await identify(byMelo)).body)).toEqual([third, first]);
  });

  it('should answer [] with Treffer-Gesamtanzahl 0 when nothing matches', async () => {
    expect(await identify(criteria('MARKTLOKATION', { marktlokationsId: '00000000000' }))).toEqual({
      status: 200,
      body: [],
      paging: {
        'Treffer-Anzahl': '0',
        'Treffer-Gesamtanzahl': '0',
        'Treffer-Weitere-Vorhanden': 'false',
        'Treffer-Offset': '0',
      },
    });
  });

  it('should page by Treffer-Max-Anzahl and Treffer-Offset, ordered by location id', async () => {
    const postleitzahl = digits(5);
    const malos = Array.from({ length: 25 }, maloId).sort();
    await importMasterData(lf, tokens.LF, { MARKTLOKATION: malos.map((malo) => marktlokation(malo, postleitzahl)) });
    const body = criteria('MARKTLOKATION', { lokationsadresse: { postleitzahl } });

    const first = await identify(body);
    expect([ids(first.body), first.paging]).toEqual([
      malos.slice(0, 20),
      {
        'Treffer-Anzahl': '20',
        'Treffer-Gesamtanzahl': '25',
        'Treffer-Weitere-Vorhanden': 'true',
        'Treffer-Offset': '0',
      },
    ]);
    const second = await identify(body, { 'Treffer-Offset': '20' });
    expect([ids(second.body), second.paging]).toEqual([
      malos.slice(20),
      {
        'Treffer-Anzahl': '5',
        'Treffer-Gesamtanzahl': '25',
        'Treffer-Weitere-Vorhanden': 'false',
        'Treffer-Offset': '20',
      },
    ]);
    const small = await identify(body, { 'Treffer-Max-Anzahl': '7', 'Treffer-Offset': '7' });
    expect([ids(small.body), small.paging['Treffer-Weitere-Vorhanden']]).toEqual([malos.slice(7, 14), 'true']);
    const beyond = await identify(body, { 'Treffer-Offset': '30' });
    expect([beyond.body, beyond.paging['Treffer-Gesamtanzahl'], beyond.paging['Treffer-Weitere-Vorhanden']]).toEqual([
      [],
      '25',
      'false',
    ]);
  });

  it('should answer 400 problems for bad paging headers, command and criteria', async () => {
    const problem = async (body: unknown, headers: Record<string, string> = {}, query = '') => {
      const answer = await identify(body, headers, { query });
      const problemBody = answer.body as Bo;
      return [
        answer.status,
        problemBody['code'],
        (problemBody['errors'] as { pointer: string }[] | undefined)?.map((error) => error.pointer),
      ];
    };
    const body = criteria('MARKTLOKATION', { marktlokationsId: maloId() });
    for (const limit of ['0', '501', 'abc', '-1']) {
      expect(await problem(body, { 'Treffer-Max-Anzahl': limit })).toEqual([
        400,
        'BO_READ.INVALID_PARAMETER',
        ['#/header/Treffer-Max-Anzahl'],
      ]);
    }
    expect(await problem(body, { 'Treffer-Offset': '-1' })).toEqual([
      400,
      'BO_READ.INVALID_PARAMETER',
      ['#/header/Treffer-Offset'],
    ]);
    expect(await problem(body, {}, '?command=LESEN_MARKTLOKATION_BASIS')).toEqual([
      400,
      'BO_READ.INVALID_PARAMETER',
      ['#/command'],
    ]);
    expect(await problem({})).toEqual([400, 'BO_READ.INVALID_CRITERIA', ['#/stammdaten']]);
    expect(await problem({ stammdaten: {} })).toEqual([400, 'BO_READ.INVALID_CRITERIA', ['#/stammdaten']]);
    expect(
      await problem({
        stammdaten: {
          ZAEHLER: [{ zaehlernummer: '1' }],
          MARKTLOKATION: [{ boTyp: 'MARKTLOKATION' }, { lokationsadresse: { postleitzahl: 65189 } }],
        },
      }),
    ).toEqual([
      400,
      'BO_READ.INVALID_CRITERIA',
      [
        '#/stammdaten/ZAEHLER',
        '#/stammdaten/MARKTLOKATION/0',
        '#/stammdaten/MARKTLOKATION/1/lokationsadresse/postleitzahl',
        '#/stammdaten/MARKTLOKATION/1',
      ],
    ]);
  });

  it('should let a role find only its own locations', async () => {
    const postleitzahl = digits(5);
    const [ofLf, ofNb] = [maloId(), maloId()];
    await importMasterData(lf, tokens.LF, { MARKTLOKATION: [marktlokation(ofLf, postleitzahl)] });
    await importMasterData(nb, tokens.NB, { MARKTLOKATION: [marktlokation(ofNb, postleitzahl)] });
    const body = criteria(
      'MARKTLOKATION',
      { lokationsadresse: { postleitzahl } },
      { marktlokationsId: ofLf },
      { marktlokationsId: ofNb },
    );

    expect(ids((await identify(body)).body)).toEqual([ofLf]);
    expect(ids((await identify(body, {}, { service: nb, token: tokens.NB })).body)).toEqual([ofNb]);
    expect((await identify(body, {}, { service: lf, token: tokens.NB })).status).toBe(403);
  });

  it('should identify by index among 100 000 synthetic locations (ids: GIN on locations, postcodes: expression indexes)', async () => {
    const plan = (criteria: Parameters<typeof identifyStatement>[0]['criteria']) =>
      withClient(database.url, async (client) => {
        await client.query(`
          INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source)
          SELECT 'MSB', 'MARKTLOKATION', lpad(i::text, 11, '0'), tstzrange(NULL, NULL), '-infinity', ARRAY['MALO:' || lpad(i::text, 11, '0')],
            jsonb_build_object('marktlokationsId', lpad(i::text, 11, '0'), 'lokationsadresse', jsonb_build_object('postleitzahl', lpad((i % 20000)::text, 5, '0'), 'ort', 'Ort'))
            , 'import'
          FROM generate_series(1, 100000) AS i
          WHERE NOT EXISTS (SELECT 1 FROM business_object WHERE role = 'MSB')`);
        // MeLos, every tenth with a messadresse (BO4E gives one only where it differs from the MaLo's).
        await client.query(`
          INSERT INTO business_object (role, kind, object_id, valid, effective_from, locations, body, source)
          SELECT 'MSB', 'MESSLOKATION', 'DE' || lpad(i::text, 31, '0'), tstzrange(NULL, NULL), '-infinity', ARRAY['MELO:DE' || lpad(i::text, 31, '0')],
            jsonb_build_object('messlokationsId', 'DE' || lpad(i::text, 31, '0'))
              || CASE WHEN i % 10 = 0 THEN jsonb_build_object('messadresse', jsonb_build_object('postleitzahl', lpad((i % 20000)::text, 5, '0'))) ELSE '{}' END
            , 'import'
          FROM generate_series(1, 100000) AS i
          WHERE NOT EXISTS (SELECT 1 FROM business_object WHERE role = 'MSB' AND kind = 'MESSLOKATION')`);
        await client.query('ANALYZE business_object');
        const { text, values } = identifyStatement({ role: 'MSB', criteria, at: new Date(), limit: 20, offset: 0 });
        const { rows } = await client.query(`EXPLAIN ${text}`, values);
        return rows.map((row: Bo) => row['QUERY PLAN'] as string).join('\n');
      });
    const byId = await plan([{ kind: 'MARKTLOKATION', locations: ['MALO:00000054321'], texts: [] }]);
    const byAddress = await plan([
      {
        kind: 'MARKTLOKATION',
        locations: [],
        texts: [
          ['lokationsadresse', 'postleitzahl', '04321'],
          ['lokationsadresse', 'ort', 'ort'],
        ],
      },
    ]);
    const byIdRanked = await plan([
      {
        kind: 'MARKTLOKATION',
        locations: ['MALO:00000054321'],
        texts: [['lokationsadresse', 'postleitzahl', '04321']],
      },
    ]);
    const byMeterAddress = await plan([
      { kind: 'MESSLOKATION', locations: [], texts: [['messadresse', 'postleitzahl', '04320']] },
    ]);
    expect(byId).toMatch(/idx_business_object_locations/);
    expect(byIdRanked).toMatch(/idx_business_object_locations/);
    expect(byAddress).toMatch(/idx_business_object_postcode/);
    expect(byMeterAddress).toMatch(/idx_business_object_meter_postcode/);
    expect([byId, byIdRanked, byAddress, byMeterAddress].join('\n')).not.toMatch(/Seq Scan on business_object/);
  });
});
