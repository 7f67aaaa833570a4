import { join } from 'node:path';
import { countFile, docReferences, quotesFigure } from './comment-share';

describe(countFile.name, () => {
  it('should count comment-only lines, lines holding a comment, blank and long lines', () => {
    const text = [
      '/**',
      ' * A JSDoc block.',
      ' */',
      'export const a = 1; // trailing',
      '',
      "const url = 'http://example.org/*not a comment*/';",
      '// a line comment',
      `const long = '${'x'.repeat(40)}';`,
      'function f() {',
      '  return 1;',
      '  // before the closing brace',
      '}',
      '',
    ].join('\n');
    const counted = countFile('x.ts', text, 40);
    expect(counted).toMatchObject({ lines: 12, blank: 1, commentOnly: 5, withComment: 6, overLong: 2 });
    expect(counted.comments.map((comment) => comment.line)).toEqual([1, 4, 7, 11]);
  });

  it('should read JSX comments and not take JSX text for one', () => {
    const text = ['export const A = () => (', '  <p>', '    {/* hidden */}', '    a // b', '  </p>', ');', ''].join(
      '\n',
    );
    expect(countFile('x.tsx', text, 200)).toMatchObject({ commentOnly: 1, withComment: 1 });
  });
});

describe(quotesFigure.name, () => {
  it.each([
    '// ≈ 30 µs per 4 KB',
    '/** 350 ms at 1 000 000 processes */',
    '// at ~50x the cost',
    '// measured: 2.5× the bare insert',
    '// 4 268 req/s at 1',
  ])('should find a figure in %s', (comment) => expect(quotesFigure(comment)).toBe(true));

  it.each([
    '// RFC 6901 §4',
    '/** SG10 CCI+++ZA6/ZC0 → PROFILE */',
    '// 2 × (sum at positions 2, 4, 6)',
    '// the SG8s of SEQ+Z01',
    '// a load profile',
  ])('should find no figure in %s', (comment) => expect(quotesFigure(comment)).toBe(false));
});

describe(docReferences.name, () => {
  const root = join(__dirname, '..', '..');
  const comment = (text: string) => ({ file: 'x.ts', line: 1, text });

  it("should resolve a section named by the start of a heading, also across a line break and in the doc's folder", () => {
    const found = docReferences(root, [
      comment('// slower (docs/performance.md,\n// "The booking path, second round").'),
      comment('/** See docs/performance.md, "Reads". */'),
    ]);
    expect(found.map((reference) => [reference.section, reference.resolved])).toEqual([
      ['The booking path, second round', true],
      ['Reads', true],
    ]);
  });

  it('should report a section no heading starts with, and a doc that does not exist', () => {
    const found = docReferences(root, [
      comment('// docs/performance.md, "No such section"'),
      comment('// docs/nowhere.md, "Reads"'),
    ]);
    expect(found.map((reference) => reference.resolved)).toEqual([false, false]);
  });
});
