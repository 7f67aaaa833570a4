import { canonicalJson, derivedBusinessKey, sha256 } from './canonical-body';

describe(canonicalJson.name, () => {
  it('should give equal text for bodies that differ only in key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { x: 0, y: 1 }] }, b: 1 }),
    );
  });

  it('should keep array order, unicode and escapes, and parse back to the same value', () => {
    const value = { z: ['b', 'a'], 'ä/~"': 'Grüße\n', n: 1.5e-7 };
    const text = canonicalJson(value);
    expect(text).toBe('{"n":1.5e-7,"z":["b","a"],"ä/~\\"":"Grüße\\n"}');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe(derivedBusinessKey.name, () => {
  it('should be a stable UUID per role and body', () => {
    const hash = sha256('{"a":1}');
    const key = derivedBusinessKey('LF', hash);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedBusinessKey('LF', hash)).toBe(key);
    expect(derivedBusinessKey('NB', hash)).not.toBe(key);
    expect(derivedBusinessKey('LF', sha256('{"a":2}'))).not.toBe(key);
  });
});
