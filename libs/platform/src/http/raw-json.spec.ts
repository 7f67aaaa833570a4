import { RawJson, stringifyWithRawJson } from './raw-json';

describe(stringifyWithRawJson.name, () => {
  it('should splice stored JSON text in as it is, numbers beyond double precision included', () => {
    const stored = '{"wert": 123456789012345678901234567890, "klein": 0.000000000000000000000000000000000000000001}';
    const text = stringifyWithRawJson({ a: 1, body: new RawJson(stored), list: [new RawJson('[1e400]'), 'x'] });
    expect(text).toBe(`{"a":1,"body":${stored},"list":[[1e400],"x"]}`);
  });

  it('should leave a string that looks like the marker alone', () => {
    expect(stringifyWithRawJson({ s: '\\u0000raw0\\u0000' })).toBe(JSON.stringify({ s: '\\u0000raw0\\u0000' }));
  });
});
