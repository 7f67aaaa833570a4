import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { missingTriggerFields, triggerEvent, triggerEventNames } from './trigger-events';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const DATA_FILE = path.join(__dirname, 'data', 'trigger-events.json');

describe('triggerEvent', () => {
  it('should list the events of each role as the 04/26 specs do (LF 43, NB 39, MSB 7)', () => {
    expect([
      triggerEventNames('04/26', 'LF').length,
      triggerEventNames('04/26', 'NB').length,
      triggerEventNames('04/26', 'MSB').length,
    ]).toEqual([43, 39, 7]);
  });

  it('should give an event its PIs and the required fields common to all of them', () => {
    expect(triggerEvent('04/26', 'LF', 'START_LIEFERBEGINN')).toEqual({
      release: '04/26',
      role: 'LF',
      eventname: 'START_LIEFERBEGINN',
      pruefidentifikatoren: ['44001', '55001', '55077', '55600', '55601'],
      required: expect.arrayContaining([
        '/stammdaten/MARKTLOKATION/*/marktlokationsId',
        '/transaktionsdaten/vertragsbeginn',
      ]),
    });
  });

  it('should not know an event of another role or one the release does not have', () => {
    expect(triggerEvent('04/26', 'MSB', 'START_LIEFERBEGINN')).toBeUndefined();
    expect(triggerEvent('10/25', 'LF', 'START_BESTELLUNG_STDAE_MALO_AN_NB')).toBeDefined();
    expect(triggerEvent('04/26', 'LF', 'START_BESTELLUNG_STDAE_MALO_AN_NB')).toBeUndefined();
  });

  it("should serve the vendor's later 10/26 events and drop those it has replaced", () => {
    // The later 10/26 sync specifies IFTSTA's START_UEBERMITTLUNG_ENFG itself (no verwendungAb any more).
    expect(triggerEvent('10/26', 'LF', 'START_UEBERMITTLUNG_ENFG')?.pruefidentifikatoren).toEqual(['21045']);
    expect(triggerEvent('04/26', 'LF', 'START_UEBERMITTLUNG_ENFG')?.required).toContain(
      '/transaktionsdaten/verwendungAb',
    );
    expect(triggerEvent('10/26', 'LF', 'START_UEBERMITTLUNG_ENFG')?.required).not.toContain(
      '/transaktionsdaten/verwendungAb',
    );
    for (const eventname of ['START_BEGINN_MSB', 'START_GERAETEWECHSEL', 'START_ENDE_MSB']) {
      expect(triggerEvent('04/26', 'MSB', eventname)).toBeUndefined();
      expect(triggerEvent('10/26', 'MSB', eventname)).toBeDefined();
    }
    expect(triggerEvent('04/26', 'NB', 'START_VERSAND_STDA_BK_TREUE')).toBeDefined();
    expect(triggerEvent('10/26', 'NB', 'START_VERSAND_STDA_BK_TREUE')).toBeUndefined();
  });

  it("should take a missing 10/26 building block from 04/26 where 10/26 has no blocks of the PI's message", () => {
    // 44016 (UTILMD Gas): no 10/26 block in the reference, 04/26's stands in; 55016 has its 10/26 block.
    const event = triggerEvent('10/26', 'LF', 'START_KUENDIGUNG');
    expect(event?.pruefidentifikatoren).toEqual(['44016', '55016']);
    expect(event?.required).toContain('/stammdaten/MARKTLOKATION/*/sparte');
  });
});

describe('missingTriggerFields', () => {
  const event = {
    required: [
      '/stammdaten/MARKTLOKATION/*/marktlokationsId',
      '/transaktionsdaten/absender',
      '/transaktionsdaten/sparte',
    ],
  };

  it('should find nothing missing in a complete body', () => {
    const body = {
      stammdaten: { MARKTLOKATION: [{ marktlokationsId: '41373559241' }] },
      transaktionsdaten: { absender: {}, sparte: 'STROM' },
    };
    expect(missingTriggerFields(event, body)).toEqual([]);
  });

  it('should name each missing member by its pointer, elements by index, an absent container once', () => {
    const body = {
      stammdaten: { MARKTLOKATION: [{ marktlokationsId: '41373559241' }, {}, { marktlokationsId: null }] },
      transaktionsdaten: {},
    };
    expect(missingTriggerFields(event, body)).toEqual([
      '#/stammdaten/MARKTLOKATION/1/marktlokationsId',
      '#/stammdaten/MARKTLOKATION/2/marktlokationsId',
      '#/transaktionsdaten/absender',
      '#/transaktionsdaten/sparte',
    ]);
    expect(missingTriggerFields(event, { transaktionsdaten: { absender: {}, sparte: '' } })).toEqual(['#/stammdaten']);
  });

  it('should take an empty array as present and a non-array as lacking its elements', () => {
    const transaktionsdaten = { absender: {}, sparte: 'STROM' };
    expect(missingTriggerFields(event, { stammdaten: { MARKTLOKATION: [] }, transaktionsdaten })).toEqual([]);
    expect(
      missingTriggerFields(event, { stammdaten: { MARKTLOKATION: { marktlokationsId: 'x' } }, transaktionsdaten }),
    ).toEqual(['#/stammdaten/MARKTLOKATION']);
  });
});

describe('generated trigger event catalogue', () => {
  it('should equal what tools/event-catalogue/generate.js produces from the reference now', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'event-catalogue-'));
    try {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'tools', 'event-catalogue', 'generate.js'), '--out', out]);
      expect(fs.readdirSync(out)).toEqual(['trigger-events.json']);
      expect(fs.readFileSync(DATA_FILE, 'utf8')).toEqual(
        fs.readFileSync(path.join(out, 'trigger-events.json'), 'utf8'),
      );
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
