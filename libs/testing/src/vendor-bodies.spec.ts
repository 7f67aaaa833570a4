import {
  checkMaloId,
  checkMarktpartnerId,
  checkMeloId,
  checkNeloId,
  checkSteuerbareRessourceId,
  checkTechnischeRessourceId,
  type IdentifierCheckResult,
} from '@maco/domain';
import { seededRandom } from './seeded-random';
import {
  generatedIdentifier,
  vendorBodies,
  vendorBody,
  vendorContainerProperties,
  type VendorFormatVersion,
  vendorSpecFor,
  vendorSpecs,
} from './vendor-bodies';

const FORMAT_VERSIONS: VendorFormatVersion[] = ['202510', '202604', '202610'];

type Item = Record<string, unknown>;
const first = (value: unknown): Item => (value as Item[])[0];

/** Every (field, value) pair of string values in a body, depth first. */
function stringFields(value: unknown, into: [string, string][] = [], name = ''): [string, string][] {
  if (Array.isArray(value)) for (const element of value) stringFields(element, into, name);
  else if (typeof value === 'object' && value !== null)
    for (const [key, member] of Object.entries(value)) stringFields(member, into, key);
  else if (typeof value === 'string') into.push([name, value]);
  return into;
}

const CHECK_BY_FIELD: Record<string, (id: string) => IdentifierCheckResult> = {
  marktlokationsId: checkMaloId,
  tranchenId: checkMaloId,
  messlokationsId: checkMeloId,
  netzlokationsId: checkNeloId,
  technischeRessourceId: checkTechnischeRessourceId,
  steuerbareRessourceId: checkSteuerbareRessourceId,
  rollencodenummer: checkMarktpartnerId,
};

describe('vendor bodies', () => {
  it('should build the minimal MSCONS 13017 body (202604) from the required lists only', () => {
    const body = vendorBody('202604', '13017', 'minimal');
    expect(Object.keys(body.stammdaten)).toEqual(['ENERGIEMENGE', 'ZAEHLER']);
    const energiemenge = first(body.stammdaten['ENERGIEMENGE']);
    expect(Object.keys(energiemenge)).toEqual(['energieverbrauch', 'konfiguration', 'lokationsId']);
    expect(first(energiemenge['energieverbrauch'])).toEqual({
      messwertstatus: 'ABGELESEN',
      nutzungszeitpunkt: '2026-04-01T00:00:00+02:00',
      obiskennzahl: expect.any(String),
      position: 1,
      wert: 1.5,
    });
    expect(Object.keys(first(body.stammdaten['ZAEHLER']))).toEqual(['zaehlernummer']);
    expect(Object.keys(body.transaktionsdaten).sort()).toEqual(
      [
        'absender',
        'anfrageReferenz',
        'dokumentennummer',
        'empfaenger',
        'kategorie',
        'nachrichtendatum',
        'nachrichtenfunktion',
        'nachrichtenreferenznummer',
        'pruefidentifikator',
      ].sort(),
    );
    expect(body.transaktionsdaten['pruefidentifikator']).toBe('13017');
    expect(body.zusatzdaten['businessKey']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('should add the optional fields to the maximal MSCONS 13017 body', () => {
    const verbrauch = first(
      first(vendorBody('202604', '13017', 'maximal').stammdaten['ENERGIEMENGE'])['energieverbrauch'],
    );
    expect(verbrauch).toMatchObject({
      ablesedatum: '2026-04-01T00:00:00+02:00',
      statuszusatzinformationen: [{ art: expect.any(String), status: expect.any(String) }],
    });
  });

  it('should build the minimal UTILMD 55001 body with a valid MaLo-ID', () => {
    for (const formatVersion of FORMAT_VERSIONS) {
      const body = vendorBody(formatVersion, '55001', 'minimal');
      expect(Object.keys(body.stammdaten)).toEqual(['ENERGIELIEFERVERTRAG', 'MARKTLOKATION', 'NETZNUTZUNGSVERTRAG']);
      const marktlokation = first(body.stammdaten['MARKTLOKATION']);
      expect(Object.keys(marktlokation)).toEqual([
        'erforderlichesProduktpaket',
        'marktlokationsId',
        'marktlokationsTyp',
      ]);
      expect(checkMaloId(String(marktlokation['marktlokationsId']))).toEqual({ ok: true });
    }
  });

  it('should put every declared container property into the maximal body and every required one into the minimal body', () => {
    const missing: string[] = [];
    const extra: string[] = [];
    for (const formatVersion of FORMAT_VERSIONS) {
      for (const spec of vendorSpecs(formatVersion).values()) {
        const { minimal, maximal } = vendorBodies(formatVersion, spec.pruefidentifikator);
        for (const container of ['stammdaten', 'transaktionsdaten'] as const) {
          const { declared, required } = vendorContainerProperties(spec, container);
          for (const name of declared)
            if (!(name in maximal[container])) missing.push(`${spec.file} ${container}.${name}`);
          for (const name of Object.keys(minimal[container]))
            if (!required.includes(name) && name !== 'pruefidentifikator')
              extra.push(`${spec.file} ${container}.${name}`);
        }
      }
    }
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("should give every identifier field a value the domain's check accepts", () => {
    let checked = 0;
    const failed: string[] = [];
    for (const formatVersion of FORMAT_VERSIONS) {
      for (const pruefidentifikator of vendorSpecs(formatVersion).keys()) {
        for (const [field, value] of stringFields(vendorBody(formatVersion, pruefidentifikator, 'maximal'))) {
          const check = CHECK_BY_FIELD[field];
          if (!check) continue;
          if (!check(value).ok) failed.push(`${formatVersion} ${pruefidentifikator} ${field}=${value}`);
          checked++;
        }
      }
    }
    expect(failed).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    const random = seededRandom(1);
    for (let index = 0; index < 200; index++) {
      expect(checkMaloId(generatedIdentifier('malo', random))).toEqual({ ok: true });
      expect(checkNeloId(generatedIdentifier('nelo', random))).toEqual({ ok: true });
      expect(checkMeloId(generatedIdentifier('melo', random))).toEqual({ ok: true });
      expect(checkMarktpartnerId(generatedIdentifier('mpid', random))).toEqual({ ok: true });
    }
  });

  it('should be deterministic for a seed and draw another business key for another seed', () => {
    expect(vendorBodies('202604', '55001', { seed: 7 })).toEqual(vendorBodies('202604', '55001', { seed: 7 }));
    expect(vendorBody('202604', '55001', 'maximal', { seed: 7 }).zusatzdaten['businessKey']).not.toBe(
      vendorBody('202604', '55001', 'maximal', { seed: 8 }).zusatzdaten['businessKey'],
    );
    expect(
      vendorBody('202604', '55001', 'minimal', { businessKey: 'process-1', zusatzdaten: { targetBusinessKey: 'x' } })
        .zusatzdaten,
    ).toEqual({
      targetBusinessKey: 'x',
      businessKey: 'process-1',
    });
  });

  it('should take UTILMD Strom of 10/26 from 202610 and every other message from 202604', () => {
    expect(vendorSpecFor('10/26', '55001')).toMatchObject({ formatVersion: '202610', message: 'UTILMD' });
    expect(vendorSpecFor('10/26', '13017')).toMatchObject({ formatVersion: '202604', message: 'MSCONS' });
    expect(vendorSpecFor('10/25', '13017')).toMatchObject({ formatVersion: '202510' });
    expect(vendorSpecFor('04/26', '00000')).toBeUndefined();
    expect(() => vendorBody('202604', '00000', 'minimal')).toThrow('no document for PI 00000');
  });
});
