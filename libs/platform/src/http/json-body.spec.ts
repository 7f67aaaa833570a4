import { parseJsonSafely } from './json-body';

describe('parseJsonSafely', () => {
  it('should parse ordinary JSON, including umlauts sent as UTF-8', () => {
    expect(parseJsonSafely('{"name1":"Müller","n":[1,2.5,null,true]}')).toEqual({
      name1: 'Müller',
      n: [1, 2.5, null, true],
    });
  });

  it.each([
    ['a __proto__ key', '{"a":{"__proto__":{"polluted":true}}}'],
    ['an escaped __proto__ key', '{"a":{"\\u005f_proto__":{"polluted":true}}}'],
    ['a fully escaped __proto__ key', '{"\\u005f\\u005f\\u0070\\u0072\\u006f\\u0074\\u006f\\u005f\\u005f":{}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['escaped constructor.prototype', '{"\\u0063onstructor":{"prototype":{"polluted":true}}}'],
  ])('should refuse %s', (_name, text) => {
    expect(() => parseJsonSafely(text)).toThrow(SyntaxError);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('should accept escapes and the words themselves where they are not poisoning keys', () => {
    expect(parseJsonSafely('{"text":"__proto__ and constructor","c":{"constructor":"x"},"e":"\\u00fc"}')).toEqual({
      text: '__proto__ and constructor',
      c: { constructor: 'x' },
      e: 'ü',
    });
  });

  it('should throw on malformed JSON', () => {
    expect(() => parseJsonSafely('{"a":')).toThrow(SyntaxError);
  });
});
