import {
  anyPrimary,
  type CandidateFacts,
  type FlagContext,
  flagsOf,
  strengthOf,
  trefferAdresse1,
  trefferAdresse2,
  trefferGeraetenummer,
  trefferKundennummer,
  trefferMakorelevant,
  trefferMaloid,
  trefferMeloid,
  trefferName,
  trefferNetzgebiet,
  trefferNetzgebiet3KJ,
  trefferStillgelegt,
  trefferTrancheId,
} from './flags';
import type { IdentifyCriteria } from './identify-request';

const at = new Date('2026-08-02T22:00:00Z');
const context: FlagContext = { at, ownGridAreas: ['10001'] };
const MELO = 'DE00014545768S0000000000000003054';

const criteria = (patch: Partial<IdentifyCriteria> = {}): IdentifyCriteria => ({
  maloIds: [],
  trancheIds: [],
  meloIds: [],
  meterNumbers: [],
  addresses: [],
  cadastres: [],
  coordinates: [],
  customers: [],
  at,
  vorgangsnummer: 'v',
  idempotencyKey: 'v',
  ...patch,
});

const malo = {
  marktlokationsId: '74018657187',
  netzgebietNr: '10001',
  lokationsadresse: {
    postleitzahl: '12117',
    ort: 'Berlin',
    ortsteil: 'Mitte',
    strasse: 'Reinhardtstraße',
    hausnummer: '32 F',
    landescode: 'DE',
  },
  endkunde: {
    name1: 'Becker',
    name2: 'Michael',
    externeReferenzen: [{ exRefName: 'Kundennummer beim Altlieferanten', exRefWert: 'V567345345' }],
  },
  marktrollen: [{ marktrolle: 'NB', rollencodenummer: '9900936000002', zuordnungVon: '2020-01-01T00:00:00Z' }],
};
const candidate = (patch: Partial<CandidateFacts> = {}): CandidateFacts => ({
  maloId: '74018657187',
  malo,
  history: [{ body: malo, from: -Infinity, to: Infinity }],
  meloIds: [MELO],
  trancheIds: ['57685676742'],
  meterNumbers: ['1SM-8465929523'],
  ...patch,
});
const address = (patch: Record<string, unknown> = {}) => ({
  postleitzahl: '12117',
  ort: 'Berlin',
  strasse: 'Reinhardtstr.',
  hausnummer: '32f',
  ...patch,
});
const person = (name1: string, name2?: string, customerNumbers: string[] = []) => ({
  name1,
  ...(name2 ? { name2 } : {}),
  company: false,
  customerNumbers,
});

describe('the twelve flags of a MaLo identification', () => {
  it('trefferMaloid: the complete id, nothing less', () => {
    expect(trefferMaloid(criteria({ maloIds: ['74018657187'] }), candidate())).toBe(true);
    expect(trefferMaloid(criteria({ maloIds: ['74018657188'] }), candidate())).toBe(false);
  });

  it('trefferTrancheId: any requested tranche of the MaLo', () => {
    expect(trefferTrancheId(criteria({ trancheIds: ['11111111111', '57685676742'] }), candidate())).toBe(true);
    expect(trefferTrancheId(criteria({ trancheIds: ['57685676743'] }), candidate())).toBe(false);
  });

  it('trefferMeloid: any requested MeLo of the MaLo, all 33 characters', () => {
    expect(trefferMeloid(criteria({ meloIds: [MELO] }), candidate())).toBe(true);
    expect(trefferMeloid(criteria({ meloIds: [MELO.replace(/4$/, '5')] }), candidate())).toBe(false);
  });

  it('trefferGeraetenummer: case-sensitive, zeros at the ends and white space ignored', () => {
    expect(trefferGeraetenummer(criteria({ meterNumbers: ['001SM-8465929523 '] }), candidate())).toBe(true);
    expect(trefferGeraetenummer(criteria({ meterNumbers: ['1sm-8465929523'] }), candidate())).toBe(false);
    expect(trefferGeraetenummer(criteria({ meterNumbers: ['1SM-8465929532'] }), candidate())).toBe(false);
  });

  it('trefferKundennummer: the customer number as told to the customer', () => {
    expect(trefferKundennummer(criteria({ customers: [person('X', undefined, [' V567345345'])] }), candidate())).toBe(
      true,
    );
    expect(trefferKundennummer(criteria({ customers: [person('X', undefined, ['v567345345'])] }), candidate())).toBe(
      false,
    );
  });

  it('trefferAdresse1: street variants and the "*" rule, house-number suffix spelling, place prefix', () => {
    expect(trefferAdresse1(criteria({ addresses: [address()] }), candidate())).toBe(true);
    expect(
      trefferAdresse1(
        criteria({ addresses: [address({ strasse: 'Reinhardt Strasse', hausnummer: '32 F', ort: 'BERLIN' })] }),
        candidate(),
      ),
    ).toBe(true);
    expect(trefferAdresse1(criteria({ addresses: [address({ hausnummer: '32' })] }), candidate())).toBe(false);
    expect(trefferAdresse1(criteria({ addresses: [address({ postleitzahl: '12118' })] }), candidate())).toBe(false);
    expect(trefferAdresse1(criteria({ addresses: [address({ strasse: 'Reinhardtweg' })] }), candidate())).toBe(false);
  });

  it('trefferAdresse1: cadastre or coordinates for a MaLo without address', () => {
    const parcel = { gemarkung_flur: 'Eine Gemarkung', flurstueck: '1', flurstueckNummer: '123' };
    const field = candidate({
      malo: {
        marktlokationsId: '74018657187',
        katasterinformation: parcel,
        geokoordinaten: { breitengrad: '48.1351', laengengrad: '11.5820' },
      },
    });
    expect(trefferAdresse1(criteria({ cadastres: [{ ...parcel, gemarkung_flur: 'eine gemarkung' }] }), field)).toBe(
      true,
    );
    expect(
      trefferAdresse1(criteria({ coordinates: [{ breitengrad: '48.13512', laengengrad: '11.58199' }] }), field),
    ).toBe(true);
    expect(trefferAdresse1(criteria({ cadastres: [{ ...parcel, flurstueckNummer: '124' }] }), field)).toBe(false);
  });

  it('trefferAdresse2: every address field given agrees, the street in full', () => {
    expect(
      trefferAdresse2(
        criteria({ addresses: [address({ strasse: 'Reinhardtstraße', ortsteil: 'Mitte' })] }),
        candidate(),
      ),
    ).toBe(true);
    expect(trefferAdresse2(criteria({ addresses: [address({ ortsteil: 'Kreuzberg' })] }), candidate())).toBe(false);
    // The "*" rule finds the longer street for Adresse1, not for the complete check.
    const longer = candidate({
      malo: { ...malo, lokationsadresse: { ...malo.lokationsadresse, strasse: 'Reinhardtstraßenweg' } },
    });
    expect(trefferAdresse1(criteria({ addresses: [address()] }), longer)).toBe(true);
    expect(trefferAdresse2(criteria({ addresses: [address()] }), longer)).toBe(false);
  });

  it('trefferName: swapped names, a full name per field, company names, typos', () => {
    expect(trefferName(criteria({ customers: [person('Michael', 'Becker')] }), candidate())).toBe(true);
    expect(trefferName(criteria({ customers: [person('Wagner', 'Michael')] }), candidate())).toBe(false);
    expect(trefferName(criteria({ customers: [person('Bäcker', 'Michael')] }), candidate())).toBe(true);
    expect(trefferName(criteria({ customers: [person('Beckers', 'Michael')] }), candidate())).toBe(true);
    const flatShare = candidate({ malo: { ...malo, endkunde: { name1: 'Max Müller', name2: 'Eva Schmidt' } } });
    expect(trefferName(criteria({ customers: [person('Mueller', 'Max')] }), flatShare)).toBe(true);
    expect(trefferName(criteria({ customers: [person('Eva Schmidt')] }), flatShare)).toBe(true);
    expect(trefferName(criteria({ customers: [person('Mueller', 'Eva')] }), flatShare)).toBe(false);
    const company = candidate({
      malo: { ...malo, endkunde: { name1: 'Becker Solar GmbH & Co. KG', gewerbekennzeichnung: true } },
    });
    expect(
      trefferName(criteria({ customers: [{ name1: 'Becker Solar KG', company: true, customerNumbers: [] }] }), company),
    ).toBe(true);
    expect(
      trefferName(
        criteria({ customers: [{ name1: 'Becker Wind GmbH', company: true, customerNumbers: [] }] }),
        company,
      ),
    ).toBe(false);
    expect(trefferName(criteria({ customers: [person('Becker')] }), candidate())).toBe(false);
  });

  it('trefferMakorelevant: a grid-operator role in force and not marked otherwise', () => {
    expect(trefferMakorelevant(criteria(), candidate(), context)).toBe(true);
    expect(trefferMakorelevant(criteria(), candidate({ malo: { ...malo, makorelevant: false } }), context)).toBe(false);
    const roleEnded = {
      ...malo,
      marktrollen: [{ marktrolle: 'NB', zuordnungVon: '2020-01-01T00:00:00Z', zuordnungBis: '2025-01-01T00:00:00Z' }],
    };
    expect(trefferMakorelevant(criteria(), candidate({ malo: roleEnded }), context)).toBe(false);
  });

  it('trefferStillgelegt: a resting MaLo type in force or a decommissioning date reached', () => {
    const resting = {
      ...malo,
      marktlokationsTyp: [{ typ: 'RUHENDE_MARKTLOKATION', gueltigAb: '2025-01-01T00:00:00Z' }],
    };
    expect(trefferStillgelegt(criteria(), candidate({ malo: resting }), context)).toBe(true);
    expect(
      trefferStillgelegt(
        criteria(),
        candidate({ malo: { ...malo, stilllegungsdatum: '2026-01-01T00:00:00Z' } }),
        context,
      ),
    ).toBe(true);
    expect(trefferStillgelegt(criteria(), candidate(), context)).toBe(false);
    expect(
      trefferStillgelegt(
        criteria(),
        candidate({ malo: { ...malo, stilllegungsdatum: '2027-01-01T00:00:00Z' } }),
        context,
      ),
    ).toBe(false);
  });

  it('trefferNetzgebiet: the grid area at the date is served as own service', () => {
    expect(trefferNetzgebiet(criteria(), candidate(), context)).toBe(true);
    expect(trefferNetzgebiet(criteria(), candidate({ malo: { ...malo, netzgebietNr: '20001' } }), context)).toBe(false);
    expect(trefferNetzgebiet(criteria(), candidate({ malo: { ...malo, netzgebietNr: '20001' } }), { at })).toBe(true);
  });

  it('trefferNetzgebiet3KJ: own grid area at some point since 1 January three calendar years back', () => {
    const moved = { ...malo, netzgebietNr: '20001' };
    const earlier = (to: string) =>
      candidate({
        malo: moved,
        history: [
          { body: malo, from: -Infinity, to: Date.parse(to) },
          { body: moved, from: Date.parse(to), to: Infinity },
        ],
      });
    expect(trefferNetzgebiet3KJ(criteria(), earlier('2024-05-01T00:00:00Z'), context)).toBe(true);
    expect(trefferNetzgebiet3KJ(criteria(), earlier('2022-12-31T22:00:00Z'), context)).toBe(false);
  });

  it('should rank ids before addresses, and answer only candidates with a primary hit', () => {
    const byId = flagsOf(criteria({ maloIds: ['74018657187'] }), candidate(), context);
    const byAddress = flagsOf(criteria({ addresses: [address()] }), candidate(), context);
    expect(strengthOf(byId)).toBeGreaterThan(strengthOf(byAddress));
    expect(anyPrimary(byAddress)).toBe(true);
    expect(anyPrimary(flagsOf(criteria(), candidate(), context))).toBe(false);
  });
});
