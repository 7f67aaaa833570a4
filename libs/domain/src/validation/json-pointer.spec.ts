import {
  appendPointer,
  comparePointers,
  escapePointerToken,
  ROOT_POINTER,
  unescapePointerToken,
  valueAt,
} from './json-pointer';

describe(appendPointer.name, () => {
  it.each([
    ['MARKTLOKATION', '#/MARKTLOKATION'],
    [0, '#/0'],
    ['a/b', '#/a~1b'],
    ['m~n', '#/m~0n'],
    ['~1', '#/~01'],
    ['', '#/'],
    ['Straße Nr 1', '#/Stra%C3%9Fe%20Nr%201'],
    ['50%', '#/50%25'],
    ['a\ud800b', '#/a%EF%BF%BDb'],
    ['\udc00\ud83d\ude00', '#/%EF%BF%BD%F0%9F%98%80'],
  ])('should encode %p as %s (RFC 6901 §3 and §6)', (token, pointer) => {
    expect(appendPointer(ROOT_POINTER, token)).toBe(pointer);
  });
});

describe(escapePointerToken.name, () => {
  it.each([
    ['a/b', 'a~1b'],
    ['m~n', 'm~0n'],
    ['~1', '~01'],
    ['Straße Nr 1', 'Straße Nr 1'],
  ])('should escape %p as %p and unescape it back, without percent-encoding (RFC 6901 §3, §4)', (token, escaped) => {
    expect(escapePointerToken(token)).toBe(escaped);
    expect(unescapePointerToken(escaped)).toBe(token);
  });
});

describe(comparePointers.name, () => {
  it('should order array indices numerically and parents before children', () => {
    const pointers = ['#/a/10', '#/a/2/x', '#/b', '#/a/2', '#', '#/a/1'];
    expect([...pointers].sort(comparePointers)).toEqual(['#', '#/a/1', '#/a/2', '#/a/2/x', '#/a/10', '#/b']);
  });
});

describe(valueAt.name, () => {
  it('should follow escaped and indexed tokens', () => {
    expect(valueAt({ 'a/b': [{ 'c~d': 1 }] }, '#/a~1b/0/c~0d')).toBe(1);
    expect(valueAt({ a: 1 }, '#/b/c')).toBeUndefined();
    expect(valueAt({ a: 1 }, '#')).toEqual({ a: 1 });
  });
});
