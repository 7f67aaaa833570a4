import { tooDeepAt } from './json-depth-scan';
import { findJsonViolation } from './json-walk';

const LIMITS = { maxDepth: 8, maxArrayLength: 1000 };

describe(tooDeepAt.name, () => {
  it.each([
    ['nested arrays', '['.repeat(20) + ']'.repeat(20)],
    ['nested objects', '{"a":'.repeat(20) + '1' + '}'.repeat(20)],
    [
      'a deep branch after shallow ones',
      JSON.stringify({ x: [1, { y: 'a,[{' }], z: [0, 1, { 'k/~"': [[[[[[[[1]]]]]]]] }] }),
    ],
    [
      'escaped names and strings with brackets',
      '{"a\\"[":[{"b\\\\":"]}",' + '"c":'.repeat(1) + '[[[[[[[[[]]]]]]]]]}]}',
    ],
  ])('should find the same pointer as the walk over the parsed value: %s', (_, text) => {
    const walked = findJsonViolation(JSON.parse(text), LIMITS);
    expect(walked?.kind).toBe('limit');
    expect(tooDeepAt(text, LIMITS.maxDepth)).toBe(walked?.pointer);
  });

  it('should pass a body within the limit, brackets inside strings included', () => {
    const text = JSON.stringify({ a: [[[['[[[[[[[[[[{{{{{{']]]], b: '\\"[' });
    expect(findJsonViolation(JSON.parse(text), LIMITS)).toBeUndefined();
    expect(tooDeepAt(text, LIMITS.maxDepth)).toBeUndefined();
  });

  it('should stop at the first bracket too many of a 16 MB body', () => {
    const half = 8 * 1024 * 1024;
    expect(tooDeepAt('['.repeat(half) + ']'.repeat(half), 32)).toBe('#' + '/0'.repeat(32));
  });
});
