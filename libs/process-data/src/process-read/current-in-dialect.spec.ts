import { toEnglish } from '@maco/domain';
import { RawJson } from '@maco/platform';
import { currentInDialect } from './current-in-dialect';

const STATE = {
  stammdaten: { MARKTLOKATION: [{ boTyp: 'MARKTLOKATION', marktlokationsId: '51238696781', sparte: 'STROM' }] },
  transaktionsdaten: { pruefidentifikator: '55001' },
  zusatzdaten: { businessKey: 'k-1', eventname: 'START_LIEFERBEGINN' },
};

describe(currentInDialect.name, () => {
  it('should answer the stored state itself in German, and no state as none', () => {
    const current = new RawJson(JSON.stringify(STATE));
    expect(currentInDialect(current, 'de')).toBe(current);
    expect([currentInDialect(null, 'de'), currentInDialect(null, 'en')]).toEqual([null, null]);
  });

  it('should translate it to English, event name German, numbers as stored', () => {
    const english = currentInDialect(new RawJson(JSON.stringify(STATE)), 'en');
    expect(JSON.parse(english?.text ?? 'null')).toEqual(toEnglish(STATE));
    expect(english?.text).toContain('"additionalData":{"businessKey":"k-1","eventname":"START_LIEFERBEGINN"}');
    const exact = currentInDialect(new RawJson('{"transaktionsdaten": {"menge": 12345678901234567890.123}}'), 'en');
    expect(exact?.text).toBe('{"transactionData":{"amount":12345678901234567890.123}}');
  });
});
