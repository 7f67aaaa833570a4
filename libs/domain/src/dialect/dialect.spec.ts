import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dialectOf, fromEnglish, inDialect, receivedPointer, toEnglish } from './dialect';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const SAMPLES = path.join(REPO_ROOT, 'reference', 'samples');

function samples(dir = SAMPLES): { file: string; body: unknown }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return samples(file);
    return entry.name.endsWith('.json') ? [{ file, body: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown }] : [];
  });
}

const MALO = {
  stammdaten: {
    MARKTLOKATION: [
      { boTyp: 'MARKTLOKATION', marktlokationsId: '51238696781', sparte: 'STROM', energierichtung: 'AUSSP' },
    ],
    ENERGIELIEFERVERTRAG: [{ boTyp: 'VERTRAG', vertragsart: 'ENERGIELIEFERVERTRAG' }],
  },
  transaktionsdaten: { pruefidentifikator: '55001', absender: { rollencodenummer: '9900000000001' } },
  zusatzdaten: { businessKey: 'k-1', targetBusinessKey: 't-1', prozessId: 'p-1', eventname: 'START_LIEFERBEGINN' },
};

describe('BO4E dialects', () => {
  it('should generate the walk tables as tools/bo4e-translation/dialect.js does from reference/ now', () => {
    const now = execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'tools', 'bo4e-translation', 'dialect.js'), '--print'],
      {
        encoding: 'utf8',
      },
    );
    expect(fs.readFileSync(path.join(__dirname, 'bo4e-dialect.generated.ts'), 'utf8')).toEqual(now);
  });

  it('should tell the dialect by the top-level containers', () => {
    expect(dialectOf(MALO)).toBe('de');
    expect(dialectOf({ masterData: {}, transactionData: {} })).toBe('en');
    expect(dialectOf({ masterData: {}, transaktionsdaten: {} })).toBe('mixed');
    expect([dialectOf(null), dialectOf([]), dialectOf('x'), dialectOf({})]).toEqual(['de', 'de', 'de', 'de']);
  });

  it('should translate keys by place and values only of enumerations', () => {
    expect(toEnglish(MALO)).toEqual({
      masterData: {
        MARKET_LOCATION: [
          {
            boType: 'MARKET_LOCATION',
            marketLocationId: '51238696781',
            sector: 'ELECTRICITY',
            energyDirection: 'FEED_OUT',
          },
        ],
        ENERGY_SUPPLY_CONTRACT: [{ boType: 'CONTRACT', contractType: 'ENERGY_SUPPLY_CONTRACT' }],
      },
      transactionData: { verificationIdentifier: '55001', sender: { roleCodeNumber: '9900000000001' } },
      additionalData: {
        businessKey: 'k-1',
        targetBusinessKey: 't-1',
        processId: 'p-1',
        eventname: 'START_LIEFERBEGINN',
      },
    });
  });

  it('should leave free text as sent: a customer called KUNDE stays KUNDE', () => {
    const body = { masterData: { MARKET_LOCATION: [{ endCustomer: { name1: 'KUNDE', lastName: 'STROM' } }] } };
    expect(fromEnglish(body)).toEqual({
      stammdaten: { MARKTLOKATION: [{ endkunde: { name1: 'KUNDE', nachname: 'STROM' } }] },
    });
  });

  it('should name fields the map lists only under another container (StatusmitteilungPosition)', () => {
    const german = { stammdaten: { STATUSMITTEILUNG: [{ positionsdaten: [{ antwortstatusCodeliste: 'E_0504' }] }] } };
    const english = { masterData: { STATUS_NOTIFICATION: [{ positionData: [{ responseStatusCodeList: 'E_0504' }] }] } };
    expect([toEnglish(german), fromEnglish(english)]).toEqual([english, german]);
  });

  it('should keep what the map does not name', () => {
    expect(fromEnglish({ masterData: { SOMETHING_NEW: [{ brandNew: 'X' }] }, extra: 1 })).toEqual({
      stammdaten: { SOMETHING_NEW: [{ brandNew: 'X' }] },
      extra: 1,
    });
  });

  it('should give every reference sample back unchanged from its English form', () => {
    const all = samples();
    expect(all.length).toBeGreaterThan(30);
    for (const { file, body } of all) expect({ file, body: fromEnglish(toEnglish(body)) }).toEqual({ file, body });
  });

  it('should leave a German body to itself in German', () => {
    expect(inDialect(MALO, 'de')).toBe(MALO);
  });

  it('should point into the body as received', () => {
    const english = toEnglish(MALO);
    expect(receivedPointer(english, '#/stammdaten/MARKTLOKATION/0/marktlokationsId')).toBe(
      '#/masterData/MARKET_LOCATION/0/marketLocationId',
    );
    // Absent from the body: named in English all the same.
    expect(receivedPointer(english, '#/stammdaten/MARKTLOKATION/0/netzebene')).toBe(
      '#/masterData/MARKET_LOCATION/0/gridLevel',
    );
    expect(receivedPointer(english, '#/zusatzdaten/businessKey')).toBe('#/additionalData/businessKey');
    expect(receivedPointer(english, '#')).toBe('#');
    // A German key inside an English body is kept, so the pointer names it as sent.
    expect(receivedPointer({ masterData: { MARKTLOKATION: [{}] } }, '#/stammdaten/MARKTLOKATION/0')).toBe(
      '#/masterData/MARKTLOKATION/0',
    );
  });
});
