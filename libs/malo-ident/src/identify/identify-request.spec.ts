import { createHash } from 'node:crypto';
import { MIXED_DIALECTS, toEnglish } from '@maco/domain';
import { checkIdentifyRequest, requestNotes } from './identify-request';

const MALO = {
  marktlokationsId: '74018657187',
  energierichtung: 'AUSSP',
  lokationsadresse: { postleitzahl: 12117, strasse: 'Reinhardtstr.' },
  katasteradresse: { flur: '3' },
};
const TRANSAKTION = {
  vorgangsnummer: 'v-1',
  ausfuehrungsdatum: '2026-08-02t22:00:00z',
  absender: { rollencodenummer: '9904000000005' },
  empfaenger: { rollencodenummer: '9900936000002' },
};
const body = (malo: object = MALO, transaktionsdaten: object = TRANSAKTION, more: object = {}) => ({
  stammdaten: { MARKTLOKATION: [malo], ...more },
  transaktionsdaten,
});

describe(checkIdentifyRequest.name, () => {
  it('should read the criteria of a body that fits: texts given, katasteradresse for a missing katasterinformation, the key', () => {
    const customer = {
      name1: 'Becker',
      name2: '',
      gewerbekennzeichnung: true,
      externeReferenzen: [{ exRefWert: ' V5 ' }, 'x'],
    };
    const check = checkIdentifyRequest(
      body(MALO, TRANSAKTION, {
        TRANCHE: [{ tranchenId: '' }],
        ENERGIELIEFERVERTRAG: [{ vertragspartner2: [customer] }],
      }),
    );
    expect(check).toEqual({
      ok: true,
      criteria: expect.objectContaining({
        maloIds: ['74018657187'],
        trancheIds: [],
        cadastres: [{ flur: '3' }],
        customers: [{ name1: 'Becker', company: true, customerNumbers: ['V5'] }],
      }),
    });
    expect(check.ok && [check.criteria.at.toISOString(), check.criteria.idempotencyKey]).toEqual([
      '2026-08-02T22:00:00.000Z',
      'v-1',
    ]);
  });

  it('should name every problem with its pointer, one per member: the envelope’s first, then per list its elements that are no object', () => {
    const malo = {
      marktlokationsId: 'x'.repeat(201),
      energierichtung: null,
      lokationsadresse: { strasse: true, ort: 'x'.repeat(201) },
      katasteradresse: [],
    };
    expect(checkIdentifyRequest({ stammdaten: { MARKTLOKATION: [malo, 5], ZAEHLER: {} } })).toEqual({
      ok: false,
      errors: [
        { pointer: '#/transaktionsdaten', message: 'is required (an object)' },
        { pointer: '#/stammdaten/MARKTLOKATION/1', message: 'must be an object' },
        {
          pointer: '#/stammdaten/MARKTLOKATION/0/marktlokationsId',
          message: 'must be a string of at most 200 characters',
        },
        { pointer: '#/stammdaten/MARKTLOKATION/0/energierichtung', message: 'is required (AUSSP or EINSP)' },
        { pointer: '#/stammdaten/MARKTLOKATION/0/lokationsadresse/strasse', message: 'must be a string' },
        { pointer: '#/stammdaten/MARKTLOKATION/0/lokationsadresse/ort', message: 'must be at most 200 characters' },
        { pointer: '#/stammdaten/MARKTLOKATION/0/katasterinformation', message: 'must be an object' },
        { pointer: '#/stammdaten/ZAEHLER', message: 'must be an array of objects' },
      ],
    });
    expect(checkIdentifyRequest([])).toEqual({
      ok: false,
      errors: [{ pointer: '#', message: 'must be a JSON object' }],
    });
  });

  it('should refuse ids and dates in other formats, and a date-time that is no instant', () => {
    const transaktionsdaten = {
      ...TRANSAKTION,
      ausfuehrungsdatum: '2016-12-31T23:59:60Z',
      absender: {},
      empfaenger: 'x',
    };
    expect(
      checkIdentifyRequest(
        body({ marktlokationsId: '123', energierichtung: 'OUT' }, transaktionsdaten, {
          MESSLOKATION: [{ messlokationsId: 'DE1' }],
        }),
      ),
    ).toEqual({
      ok: false,
      errors: [
        { pointer: '#/stammdaten/MARKTLOKATION/0/marktlokationsId', message: 'must be 11 digits' },
        { pointer: '#/stammdaten/MARKTLOKATION/0/energierichtung', message: 'must be AUSSP or EINSP' },
        {
          pointer: '#/stammdaten/MESSLOKATION/0/messlokationsId',
          message: 'must be DE followed by 31 digits or capital letters',
        },
        { pointer: '#/transaktionsdaten/ausfuehrungsdatum', message: 'must be a valid date-time' },
        { pointer: '#/transaktionsdaten/absender/rollencodenummer', message: 'is required' },
        { pointer: '#/transaktionsdaten/empfaenger', message: 'is required (an object with rollencodenummer)' },
      ],
    });
    expect(
      checkIdentifyRequest(body(MALO, { ...TRANSAKTION, ausfuehrungsdatum: '2026-08-02 22:00:00Z' })),
    ).toMatchObject({
      errors: [
        {
          pointer: '#/transaktionsdaten/ausfuehrungsdatum',
          message: 'must be a date-time in UTC (2023-08-02T22:00:00Z)',
        },
      ],
    });
  });
});

describe('identification requests in the English dialect', () => {
  const customer = { name1: 'Becker', name2: 'Michael', externeReferenzen: [{ exRefWert: 'V5' }] };
  const german = body(MALO, TRANSAKTION, {
    ENERGIELIEFERVERTRAG: [{ vertragspartner2: [customer] }],
    ZAEHLER: [{ zaehlernummer: '1SM-8465929523' }],
  });
  const english = toEnglish(german) as Record<string, Record<string, unknown>>;

  it('should read the criteria of an English body as of its German twin', () => {
    expect(Object.keys(english)).toEqual(['masterData', 'transactionData']);
    const [de, en] = [checkIdentifyRequest(german), checkIdentifyRequest(english)];
    expect(de.ok).toBe(true);
    expect(en).toEqual(de);
  });

  it('should key an English body without vorgangsnummer by its JSON as received', () => {
    const { processNumber: _, ...transactionData } = english['transactionData'];
    const sent = { ...english, transactionData };
    const check = checkIdentifyRequest(sent);
    expect(check.ok && check.criteria.idempotencyKey).toBe(
      `body:${createHash('sha256').update(JSON.stringify(sent)).digest('hex')}`,
    );
  });

  it('should point each problem into the English body as received, in the German order', () => {
    const twin = body({ marktlokationsId: '123' }, { vorgangsnummer: 'v-1' });
    const sent = toEnglish(twin);
    const check = checkIdentifyRequest(sent);
    expect(check).toEqual({
      ok: false,
      errors: [
        { pointer: '#/masterData/MARKET_LOCATION/0/marketLocationId', message: 'must be 11 digits' },
        { pointer: '#/masterData/MARKET_LOCATION/0/energyDirection', message: 'is required (AUSSP or EINSP)' },
        { pointer: '#/transactionData/executionDate', message: 'is required' },
      ],
    });
    const german = checkIdentifyRequest(twin);
    if (check.ok || german.ok) throw new Error('accepted');
    expect(check.errors.map((error) => error.message)).toEqual(german.errors.map((error) => error.message));
  });

  it('should refuse a body mixing both dialects as a malformed one, at #', () => {
    const mixed = { masterData: english['masterData'], transaktionsdaten: TRANSAKTION };
    expect(checkIdentifyRequest(mixed)).toEqual({
      ok: false,
      errors: [{ pointer: '#', message: MIXED_DIALECTS }],
    });
  });

  it('should note what a recorded request lacks where it would be in the request as received', () => {
    const lacking = { ausfuehrungsdatum: '2026-08-02T22:00:00Z' };
    const note = (pointer: string, name: string) => ({
      pointer,
      message: `${name} is missing (the contract names it; the request was answered all the same)`,
    });
    expect(requestNotes(body(MALO, lacking))).toEqual([
      note('#/transaktionsdaten/vorgangsnummer', 'vorgangsnummer'),
      note('#/transaktionsdaten/absender', 'absender'),
      note('#/transaktionsdaten/empfaenger', 'empfaenger'),
    ]);
    expect(requestNotes(toEnglish(body(MALO, lacking)))).toEqual([
      note('#/transactionData/processNumber', 'processNumber'),
      note('#/transactionData/sender', 'sender'),
      note('#/transactionData/receiver', 'receiver'),
    ]);
    expect(requestNotes(english)).toEqual([]);
  });
});
