import { parseExactJson } from './exact-json';
import { annotateBody } from './field-errors';
import { prettyJson } from './pretty-json';
import { flattenTree } from './tree';

const STORED = '{"gross": 123456789012345678901234567890, "riesig": 1' + '0'.repeat(400) + ', "normal": 2.5}';

describe('exact JSON in the console', () => {
  it('should show numbers beyond double precision exactly in the pretty-printed body', () => {
    const text = prettyJson(parseExactJson(STORED));
    expect(text).toContain('"gross": 123456789012345678901234567890');
    expect(text).toContain(`"riesig": 1${'0'.repeat(400)}`);
    expect(text).toContain('"normal": 2.5');
    expect(text).not.toContain('e+');
  });

  it('should keep numbers a double holds as numbers', () => {
    expect(parseExactJson('{"a": 2.5, "b": [1, -3]}')).toEqual({ a: 2.5, b: [1, -3] });
  });

  it('should show them exactly in the tree and in the annotated body', () => {
    const body = parseExactJson(STORED);
    const row = flattenTree(body, new Set()).find((candidate) => candidate.path === '/gross');
    expect(row).toMatchObject({ kind: 'number', text: '123456789012345678901234567890' });
    expect(annotateBody(body, []).map((line) => line.text)).toContain('  "gross": 123456789012345678901234567890,');
  });
});
