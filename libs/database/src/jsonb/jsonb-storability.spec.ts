import fc from 'fast-check';
import {
  checkJsonBody,
  findJsonBodyViolation,
  findUnstorableNumber,
  isStorableNumber,
  type JsonLimits,
  storableJson,
  unstorableTextProblem,
} from './jsonb-storability';

const LIMITS: JsonLimits = { maxDepth: 4, maxArrayLength: 3 };

/** `[[[…0…]]]` nested `depth` levels deep, built as text and parsed: no recursion anywhere. */
const nestedArrays = (depth: number) => JSON.parse('['.repeat(depth) + '0' + ']'.repeat(depth)) as unknown;

describe(findJsonBodyViolation.name, () => {
  it('should accept a body within the limits, scalars and empty containers', () => {
    for (const body of [{ a: [1, 2, { b: [true, null, 'x'] }] }, [], {}, 'text', 1.5, null, nestedArrays(4)]) {
      expect(findJsonBodyViolation(body, LIMITS)).toBeUndefined();
    }
  });

  it('should count the body itself as depth 1 and point at the first container too deep', () => {
    expect(findJsonBodyViolation({ a: { b: { c: {} } } }, LIMITS)).toBeUndefined();
    expect(findJsonBodyViolation({ a: { b: { c: { d: 1 } } }, x: [] }, { ...LIMITS, maxDepth: 3 })).toEqual({
      code: 'REQUEST.JSON_LIMIT_EXCEEDED',
      pointer: '#/a/b/c',
      message: 'nests deeper than 3 levels',
    });
    expect(findJsonBodyViolation(nestedArrays(5), LIMITS)?.pointer).toBe('#/0/0/0/0');
    expect(findJsonBodyViolation({ a: [[1], [2, [3, [[4]]]]] }, LIMITS)?.pointer).toBe('#/a/1/1/1');
  });

  it('should walk a body nested far deeper than the stack would allow', () => {
    const deep = nestedArrays(200_000);
    expect(findJsonBodyViolation(deep, { maxDepth: 32, maxArrayLength: 10 })?.pointer).toBe('#' + '/0'.repeat(32));
    expect(findJsonBodyViolation(deep, { maxDepth: 1_000_000, maxArrayLength: 10 })).toBeUndefined();
  });

  it('should point at the first array longer than allowed', () => {
    expect(findJsonBodyViolation({ a: [1, 2, 3], b: { 'c/d': [1, 2, 3, 4] } }, LIMITS)).toEqual({
      code: 'REQUEST.JSON_LIMIT_EXCEEDED',
      pointer: '#/b/c~1d',
      message: 'has 4 elements, more than the 3 allowed',
    });
    expect(findJsonBodyViolation([1, 2, 3, 4], LIMITS)?.pointer).toBe('#');
  });

  it.each([
    ['a NUL in a value', { a: ['ok', 'x\u0000y'] }, '#/a/1', 'contains a NUL character'],
    ['a lone high surrogate', { a: { b: 'x\ud800' } }, '#/a/b', 'unpaired UTF-16 surrogate'],
    ['a lone low surrogate', { a: '\udc00x' }, '#/a', 'unpaired UTF-16 surrogate'],
    ['swapped surrogates', { a: '\ude00\ud83d' }, '#/a', 'unpaired UTF-16 surrogate'],
    ['a NUL in a member name', { a: { 'k\u0000': 1 } }, '#/a/k%00', 'has a member name that contains a NUL character'],
    [
      'a surrogate in a member name',
      { 'Straße \ud800': 1 },
      '#/Stra%C3%9Fe%20%EF%BF%BD',
      'has a member name that contains an unpaired',
    ],
    ['an unstorable body string', '\u0000', '#', 'NUL'],
  ])('should find %s', (_name, body, pointer, message) => {
    const violation = findJsonBodyViolation(body, LIMITS);
    expect(violation).toMatchObject({ code: 'REQUEST.UNSTORABLE_TEXT', pointer });
    expect(violation?.message).toContain(message);
  });

  it('should pass emoji, combining marks, right-to-left text and other characters jsonb stores', () => {
    const body = { '😀': ['👨‍👩‍👧', 'é', 'שלום', '\u202e', '\ufffd', '\uffff', '\u0001', '\ud83d\ude00'] };
    expect(findJsonBodyViolation(body, { ...LIMITS, maxArrayLength: 10 })).toBeUndefined();
  });

  it('should not check text when told there is none to check', () => {
    expect(findJsonBodyViolation({ a: '\u0000' }, LIMITS, false)).toBeUndefined();
  });

  it('should report the first violation in document order', () => {
    const body = { a: [{ b: 'ok' }, '\u0000'], c: [1, 2, 3, 4] };
    expect(findJsonBodyViolation(body, LIMITS)?.pointer).toBe('#/a/1');
  });

  it('should agree with a recursive reference walk on arbitrary JSON', () => {
    const limits = { maxDepth: 3, maxArrayLength: 2 };
    const text = fc.string({ unit: fc.constantFrom('a', '\u0000', '\ud800', '\udc00', '😀') });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.dictionary(text, text, { maxKeys: 2 }), (value, extra) => {
        const body = { value, extra };
        expect(findJsonBodyViolation(body, limits)).toEqual(referenceViolation(body, limits));
      }),
      { seed: 20_260_401, numRuns: 2000 },
    );
  });
});

/** The same rules, recursively, for small values. */
function referenceViolation(
  value: unknown,
  limits: JsonLimits,
  path: (string | number)[] = [],
): { code: string; pointer: string; message: string } | undefined {
  const pointer = referencePointer(path);
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem ? { code: 'REQUEST.UNSTORABLE_TEXT', pointer, message: problem } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (path.length >= limits.maxDepth)
    return { code: 'REQUEST.JSON_LIMIT_EXCEEDED', pointer, message: `nests deeper than ${limits.maxDepth} levels` };
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayLength) {
      return {
        code: 'REQUEST.JSON_LIMIT_EXCEEDED',
        pointer,
        message: `has ${value.length} elements, more than the ${limits.maxArrayLength} allowed`,
      };
    }
    for (const [index, item] of value.entries()) {
      const found = referenceViolation(item, limits, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [name, item] of Object.entries(value)) {
    const problem = unstorableTextProblem(name);
    if (problem)
      return {
        code: 'REQUEST.UNSTORABLE_TEXT',
        pointer: referencePointer([...path, name]),
        message: `has a member name that ${problem}`,
      };
    const found = referenceViolation(item, limits, [...path, name]);
    if (found) return found;
  }
  return undefined;
}

function referencePointer(path: (string | number)[]): string {
  const wellFormed = (token: string) =>
    token.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return (
    '#' +
    path
      .map((token) => '/' + encodeURIComponent(wellFormed(String(token).replace(/~/g, '~0').replace(/\//g, '~1'))))
      .join('')
  );
}

describe(unstorableTextProblem.name, () => {
  it('should accept every well-formed string and refuse every one with a NUL or an unpaired surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(unstorableTextProblem(text) === undefined).toBe(!text.includes('\u0000'));
      }),
      { seed: 7, numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'),
            fc.string({ unit: 'binary', maxLength: 2 }),
          ),
        }),
        (text) => {
          const wellFormed =
            !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text) &&
            !text.includes('\u0000');
          expect(unstorableTextProblem(text) === undefined).toBe(wellFormed);
        },
      ),
      { seed: 8, numRuns: 1000 },
    );
  });
});

describe(checkJsonBody.name, () => {
  it('should check text only when the body has an escape that can produce a NUL or a surrogate', () => {
    const text = '{"a":"\\u0000","b":"\\ud800","c":"\\u00fc"}';
    expect(checkJsonBody(JSON.parse(text), text, LIMITS)?.pointer).toBe('#/a');
    expect(checkJsonBody(JSON.parse('{"b":"\\uD800"}'), '{"b":"\\uD800"}', LIMITS)?.pointer).toBe('#/b');
    expect(checkJsonBody(JSON.parse('{"c":"\\u00fc😀"}'), '{"c":"\\u00fc😀"}', LIMITS)).toBeUndefined();
  });

  it('should check the limits always', () => {
    expect(checkJsonBody([[[[[]]]]], '[[[[[]]]]]', LIMITS)?.code).toBe('REQUEST.JSON_LIMIT_EXCEEDED');
  });
});

describe(isStorableNumber.name, () => {
  it.each([
    ['0', true, '0'],
    ['-12.5e3', true, '-12.5e3'],
    ['1e131071', true, '1e131071'],
    ['1e-16383', true, '1e-16383'],
    ['1e400', true, '1e400'],
    ['131072 digits', true, '1' + '0'.repeat(131_071)],
    ['1e131072', false, '1e131072'],
    ['1e-16384', false, '1e-16384'],
    ['1e400000', false, '1e400000'],
    ['-1e-400000', false, '-1e-400000'],
    ['16384 digits after the point', false, '0.' + '1'.repeat(16_384)],
    ['131073 digits', false, '1' + '0'.repeat(131_072)],
  ])('should judge %s storable: %p', (_name, storable, token) => {
    expect(isStorableNumber(token)).toBe(storable);
  });
});

describe(findUnstorableNumber.name, () => {
  it('should point at the number PostgreSQL cannot store, not at look-alikes in strings', () => {
    const text = '{"e12345":"1e99999","a":[1,{"b\\"":2e5,"c":[0, 1e-99999]}]}';
    expect(findUnstorableNumber(text)).toEqual({
      code: 'REQUEST.VALIDATION_FAILED',
      pointer: '#/a/1/c/1',
      message: expect.stringContaining('is a number PostgreSQL cannot store') as string,
    });
    expect(findUnstorableNumber('1e131072')?.pointer).toBe('#');
    expect(findUnstorableNumber('{"x":"\\\\","y":1E+400000}')?.pointer).toBe('#/y');
    expect(findUnstorableNumber('{"a":[1e400, -0.5E-20, "1e400000"]}')).toBeUndefined();
  });
});

describe(storableJson.name, () => {
  it('should replace NUL characters and unpaired surrogates in strings and member values, and keep the rest as JSON.stringify writes it', () => {
    expect(storableJson({ detail: 'a\u0000b', errors: [{ pointer: '#/x\ud800', message: 'ok 😀' }] })).toBe(
      JSON.stringify({ detail: 'a\ufffdb', errors: [{ pointer: '#/x\ufffd', message: 'ok 😀' }] }),
    );
    expect(unstorableTextProblem(storableJson({ a: '\udc00\u0000' }))).toBeUndefined();
  });
});
