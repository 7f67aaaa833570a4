import { diffBodies } from './diff';
import { prettyJson } from './pretty-json';

describe('prettyJson', () => {
  it('should sort keys at every level and keep array order', () => {
    expect(prettyJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      [
        '{',
        '  "a": {',
        '    "c": null,',
        '    "d": [',
        '      3,',
        '      {',
        '        "y": 2,',
        '        "z": 1',
        '      }',
        '    ]',
        '  },',
        '  "b": 1',
        '}',
      ].join('\n'),
    );
  });

  it('should print nothing for an absent body', () => {
    expect(prettyJson(undefined)).toBe('');
  });
});

describe('diffBodies', () => {
  it('should show equal bodies (in any key order) as same rows only', () => {
    const diff = diffBodies({ a: 1, b: 2 }, { b: 2, a: 1 });

    expect(diff.added).toBe(0);
    expect(diff.removed).toBe(0);
    expect(diff.rows.map((row) => row.kind)).toEqual(['same', 'same', 'same', 'same']);
    expect(diff.rows[1]).toEqual({
      kind: 'same',
      left: { line: 2, text: '  "a": 1,' },
      right: { line: 2, text: '  "a": 1,' },
    });
  });

  it('should pair a changed value as one changed row with both line numbers', () => {
    const diff = diffBodies({ a: 1, b: 'x', c: 3 }, { a: 1, b: 'y', c: 3 });

    const changed = diff.rows.filter((row) => row.kind !== 'same');
    expect(changed).toEqual([
      { kind: 'changed', left: { line: 3, text: '  "b": "x",' }, right: { line: 3, text: '  "b": "y",' } },
    ]);
    expect([diff.added, diff.removed]).toEqual([1, 1]);
  });

  it('should show an added key as an added row with no left cell, and keep later line numbers apart per side', () => {
    const diff = diffBodies({ a: 1 }, { a: 1, b: 2 });

    // "a": 1 gains a comma, so that line changes too; "b" is new.
    expect(diff.rows.map((row) => row.kind)).toEqual(['same', 'changed', 'added', 'same']);
    expect(diff.rows[2]).toEqual({ kind: 'added', right: { line: 3, text: '  "b": 2' } });
    expect(diff.rows[3]).toEqual({ kind: 'same', left: { line: 3, text: '}' }, right: { line: 4, text: '}' } });
  });

  it('should show removed lines with no right cell', () => {
    const diff = diffBodies({ list: [1, 2, 3] }, { list: [1] });

    const removed = diff.rows.filter((row) => row.kind === 'removed');
    expect(removed.every((row) => row.right === undefined && row.left !== undefined)).toBe(true);
    expect(diff.removed).toBe(diff.rows.filter((row) => row.left && row.kind !== 'same').length);
    expect(diff.rows.filter((row) => row.left).map((row) => row.left?.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should compare against an absent body as all lines added', () => {
    const diff = diffBodies(undefined, { a: 1 });

    expect(diff.rows.map((row) => row.kind)).toEqual(['added', 'added', 'added']);
    expect(diff.removed).toBe(0);
  });

  it('should be deterministic', () => {
    const left = { x: [{ b: 1, a: 2 }], y: 'z' };
    const right = { y: 'w', x: [{ a: 2, b: 1 }] };
    expect(diffBodies(left, right)).toEqual(diffBodies(structuredClone(left), structuredClone(right)));
  });
});
