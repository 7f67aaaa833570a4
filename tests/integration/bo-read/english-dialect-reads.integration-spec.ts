import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BO_READ_GROUP } from '@maco/bo-read';
import { toEnglish } from '@maco/domain';
import { PROCESS_DATA_GROUP } from '@maco/process-data';
import { composeService } from '@maco/service';
import {
  mintTestToken,
  postJson,
  samplesDir,
  startTestService,
  type TestService,
  useServicesOnOneDatabase,
  withBusinessKey,
  withClient,
} from '@maco/testing';

type Bo = Record<string, unknown>;
type Stammdaten = Record<string, Bo[]>;
type Body = Bo & { stammdaten: Stammdaten };

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');
/** A fresh MaLo id with its BDEW check digit (the booking checks it). */
function maloId(): string {
  const stem = `5${digits(9)}`;
  const weighted = [...stem].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 1 : 2), 0);
  return `${stem}${(10 - (weighted % 10)) % 10}`;
}
const sample = (name: string) => JSON.parse(readFileSync(join(samplesDir(), name), 'utf8')) as Body;
/** The LF 55001 sample with a fresh key and a fresh MaLo. */
function booking(): { body: Body; malo: string } {
  const body = withBusinessKey(sample('lf-create-55001.json'));
  const malo = maloId();
  body.stammdaten['MARKTLOKATION'][0]['marktlokationsId'] = malo;
  return { body, malo };
}
/** What a read of `kind` answers in English for these German objects. */
const inEnglish = (kind: string, objects: Bo[]) =>
  (toEnglish({ stammdaten: { [kind]: objects } }) as { masterData: Stammdaten }).masterData;

/**
 * The BO4E read group in both dialects (issue 39), on one database: an LF service answering in English
 * (`MACO_DIALECT=en`) beside one answering in German. The store holds the canonical German form, so an object booked
 * or imported in either dialect reads back in both; `/identifyLocation` and `POST /masterData` take English bodies,
 * their problems pointing into the body as sent. Every answer is checked against the OpenAPI document as well.
 */
describe('BO4E reads in the English dialect', () => {
  const token = mintTestToken({ roles: ['LF'] });
  const lf = () => composeService({ role: 'LF', groups: [PROCESS_DATA_GROUP, BO_READ_GROUP] });
  const shared = useServicesOnOneDatabase({ en: lf() }, { LOG_LEVEL: 'error', MACO_DIALECT: 'en' });

  // Inside, so that the German service closes before the shared database is dropped.
  describe('an English and a German service on one database', () => {
    let en: TestService;
    let de: TestService;
    beforeAll(async () => {
      en = shared.services.en;
      de = await startTestService(lf(), shared.database.url, { LOG_LEVEL: 'error' });
    });
    afterAll(async () => de?.close());

    const get = async (service: TestService, path: string, query: Record<string, string>) => {
      const response = await fetch(`${service.baseUrl}${path}?${new URLSearchParams(query)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, text: await response.text() };
    };
    const read = async (service: TestService, path: string, query: Record<string, string>) => {
      const answer = await get(service, path, query);
      expect(answer.status).toBe(200);
      return JSON.parse(answer.text) as Record<string, unknown>;
    };
    const post = async (service: TestService, path: string, body: unknown) =>
      postJson(`${service.baseUrl}${path}`, body, { token });
    const pointers = (body: Bo) => (body['errors'] as { pointer: string }[] | undefined)?.map(({ pointer }) => pointer);
    const at = (malo: string) => ({ parameter1: malo, parameter3: '2025-06-01T00:00:00Z' });

    it('should read an object booked in German back in English, and in German as the stored text itself', async () => {
      const { body, malo } = booking();
      expect((await post(de, '/createProcessData', body)).status).toBe(200);
      const { stammdaten } = body;

      expect(await read(en, '/getMarketlocationBasic', at(malo))).toEqual({
        masterData: inEnglish('MARKTLOKATION', stammdaten['MARKTLOKATION']),
      });
      expect(await read(en, '/getGridUsageContractBasic', at(malo))).toEqual({
        masterData: inEnglish('NETZNUTZUNGSVERTRAG', stammdaten['NETZNUTZUNGSVERTRAG']),
      });
      expect(await read(en, '/getAccountingBasic', { ...at(malo), parameter2: 'MALO' })).toEqual({
        masterData: inEnglish('BILANZIERUNG', stammdaten['BILANZIERUNG']),
      });
      const english = (await read(en, '/getMarketlocationBasic', at(malo)))['masterData'] as Stammdaten;
      expect(english['MARKET_LOCATION'][0]).toMatchObject({
        boType: 'MARKET_LOCATION',
        marketLocationId: malo,
        sector: 'ELECTRICITY',
        energyDirection: 'FEED_OUT',
      });

      // German: the stored text, byte for byte, as before the English dialect.
      const stored = await withClient(shared.database.url, async (client) => {
        const { rows } = await client.query<{ body: string }>(
          `SELECT body::text AS body FROM business_object WHERE role = 'LF' AND kind = 'MARKTLOKATION' AND object_id = $1`,
          [malo],
        );
        return rows.map((row) => row.body);
      });
      expect(stored).toHaveLength(1);
      expect((await get(de, '/getMarketlocationBasic', at(malo))).text).toBe(
        `{"stammdaten":{"MARKTLOKATION":[${stored[0]}]}}`,
      );
    });

    it('should read an object booked in English back in German, and in English as it was sent', async () => {
      const { body, malo } = booking();
      const english = toEnglish(body) as { masterData: Stammdaten };
      expect((await post(de, '/createProcessData', english)).status).toBe(200);

      expect(await read(de, '/getMarketlocationBasic', at(malo))).toEqual({
        stammdaten: { MARKTLOKATION: body.stammdaten['MARKTLOKATION'] },
      });
      expect(await read(de, '/getEnergySupplyContractBasic', at(malo))).toEqual({
        stammdaten: { ENERGIELIEFERVERTRAG: body.stammdaten['ENERGIELIEFERVERTRAG'] },
      });
      expect(await read(en, '/getMarketlocationBasic', at(malo))).toEqual({
        masterData: { MARKET_LOCATION: english.masterData['MARKET_LOCATION'] },
      });
      expect(await read(en, '/getEnergySupplyContractBasic', at(malo))).toEqual({
        masterData: { ENERGY_SUPPLY_CONTRACT: english.masterData['ENERGY_SUPPLY_CONTRACT'] },
      });
    });

    it('should answer getAllocationAuthorization by the English names on the English service', async () => {
      const malo = maloId();
      const supplier = `99${digits(11)}`;
      const imported = await post(de, '/masterData', {
        stammdaten: {
          ZUORDNUNGSERMAECHTIGUNG: [
            {
              boTyp: 'ZUORDNUNGSERMAECHTIGUNG',
              marktlokationsId: malo,
              lieferant: { rollencodenummer: supplier },
              gueltigkeitszeitraum: { startdatum: '2024-01-01T00:00:00Z' },
              zusatzdaten: { vollmachtVom: '2023-12-01' },
            },
          ],
        },
      });
      expect(imported.body).toMatchObject({ imported: 1, refused: [] });
      const query = { parameter1: malo, parameter2: supplier, parameter3: '2024-06-28T12:18:00Z' };
      expect(await read(en, '/getAllocationAuthorization', query)).toEqual({
        additionalData: { vollmachtVom: '2023-12-01' },
        authorizationPresent: true,
      });
      expect(await read(de, '/getAllocationAuthorization', query)).toEqual({
        zusatzdaten: { vollmachtVom: '2023-12-01' },
        ermaechtigungVorhanden: true,
      });
    });

    it('should identify a location by an English request as by its German twin, answering in the service’s dialect', async () => {
      const malo = maloId();
      const postleitzahl = digits(5);
      const stored: Bo = {
        boTyp: 'MARKTLOKATION',
        versionStruktur: '1',
        marktlokationsId: malo,
        sparte: 'STROM',
        lokationsadresse: { postleitzahl, ort: 'Wiesbaden', strasse: 'Korallenweg', hausnummer: '10' },
        ausDemAltsystem: { kundennummer: 'K-1' },
      };
      expect((await post(de, '/masterData', { stammdaten: { MARKTLOKATION: [stored] } })).body).toMatchObject({
        imported: 1,
      });
      const german = {
        stammdaten: { MARKTLOKATION: [{ lokationsadresse: { postleitzahl, strasse: 'KORALLENWEG' } }] },
      };
      const english = toEnglish(german);
      expect(english).toEqual({
        masterData: { MARKET_LOCATION: [{ locationAddress: { postalCode: postleitzahl, street: 'KORALLENWEG' } }] },
      });
      const identify = async (service: TestService, body: unknown) => {
        const answer = await post(service, '/identifyLocation', body);
        return {
          status: answer.status,
          body: answer.body as unknown,
          total: answer.headers.get('Treffer-Gesamtanzahl'),
        };
      };
      const found = { status: 200, body: [stored], total: '1' };
      const foundInEnglish = { ...found, body: inEnglish('MARKTLOKATION', [stored])['MARKET_LOCATION'] };

      expect(await identify(de, german)).toEqual(found);
      expect(await identify(de, english)).toEqual(found);
      expect(await identify(en, english)).toEqual(foundInEnglish);
      expect(await identify(en, german)).toEqual(foundInEnglish);
      expect((foundInEnglish.body as Bo[])[0]).toMatchObject({ marketLocationId: malo, sector: 'ELECTRICITY' });
      // By id too.
      expect(await identify(en, { masterData: { MARKET_LOCATION: [{ marketLocationId: malo }] } })).toEqual(
        foundInEnglish,
      );

      // Refused as a German body is (400), pointing into the English body as sent.
      const refused = await post(en, '/identifyLocation', {
        masterData: { METER: [{ meterNumber: '1' }], MARKET_LOCATION: [{ locationAddress: { postalCode: 65189 } }] },
      });
      expect([refused.status, refused.body['code'], pointers(refused.body)]).toEqual([
        400,
        'BO_READ.INVALID_CRITERIA',
        [
          '#/masterData/METER',
          '#/masterData/MARKET_LOCATION/0/locationAddress/postalCode',
          '#/masterData/MARKET_LOCATION/0',
        ],
      ]);
      const mixed = await post(de, '/identifyLocation', { ...german, ...(english as Bo) });
      expect([mixed.status, mixed.body['code'], pointers(mixed.body)]).toEqual([
        400,
        'BO_READ.INVALID_CRITERIA',
        ['#'],
      ]);
    });

    it('should import an English master-data document as its German form, refusals pointing into it as sent', async () => {
      const malo = maloId();
      const melo = `DE${digits(31)}`;
      const stammdaten: Stammdaten = {
        MARKTLOKATION: [
          { boTyp: 'MARKTLOKATION', marktlokationsId: malo, sparte: 'GAS', energierichtung: 'AUSSP', alt: { a: 1 } },
        ],
        MESSLOKATION: [{ boTyp: 'MESSLOKATION', messlokationsId: melo, sparte: 'GAS' }],
      };
      const document = toEnglish({ stammdaten }) as { masterData: Stammdaten };
      // One object without an id: refused, by its place in the English document.
      document.masterData['METERING_LOCATION'].push({ sector: 'GAS' });
      const imported = await post(en, '/masterData', document);
      expect([imported.status, imported.body['imported'], pointers({ errors: imported.body['refused'] })]).toEqual([
        200,
        2,
        ['#/masterData/METERING_LOCATION/1'],
      ]);

      expect(await read(de, '/getMarketlocationBasic', at(malo))).toEqual({
        stammdaten: { MARKTLOKATION: stammdaten['MARKTLOKATION'] },
      });
      expect(await read(de, '/getMeterLocationBasic', at(melo))).toEqual({
        stammdaten: { MESSLOKATION: stammdaten['MESSLOKATION'] },
      });
      expect(await read(en, '/getMarketlocationBasic', at(malo))).toEqual({
        masterData: { MARKET_LOCATION: document.masterData['MARKET_LOCATION'] },
      });
      // The same objects in German are the versions already stored.
      expect((await post(de, '/masterData', { stammdaten })).body).toMatchObject({ imported: 0, unchanged: 2 });

      const malformed = await post(en, '/masterData', { masterData: [] });
      expect([malformed.status, malformed.body['code'], pointers(malformed.body)]).toEqual([
        422,
        'BO_READ.IMPORT_MALFORMED',
        ['#/masterData'],
      ]);
      const mixed = await post(en, '/masterData', { stammdaten, masterData: document.masterData });
      expect([mixed.status, mixed.body['code'], pointers(mixed.body)]).toEqual([
        422,
        'BO_READ.IMPORT_MALFORMED',
        ['#'],
      ]);
    });
  });
});
