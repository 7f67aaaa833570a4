import { encodeCursor } from '../http/keyset-cursor';
import {
  booleanParameter,
  cursorParameter,
  instantParameter,
  limitParameter,
  oneOfParameter,
  queryParametersOpenApi,
  readQuery,
  releaseParameter,
  textParameter,
} from './query-parameters';

const PARAMETERS = {
  key: { ...textParameter('A key.', /^[a-z]{1,3}$/, '1 to 3 letters'), required: true },
  kind: { ...oneOfParameter('A kind.', ['day', 'hour'] as const), fallback: 'day' as const },
  from: instantParameter('Start.'),
  release: releaseParameter('Release.'),
  limit: limitParameter(50, 200),
  cursor: cursorParameter(['timestamp', 'integer']),
};

describe('readQuery', () => {
  it('should give typed values, fallbacks for absent parameters and the names given', () => {
    const cursor = encodeCursor(['2026-05-04T08:00:00.000Z', 7]);
    const { values, errors, given } = readQuery(PARAMETERS, {
      key: 'abc',
      from: '2026-05-04T08:00+02:00',
      release: 'FV2604',
      cursor,
      other: 'x',
    });
    expect(errors).toEqual([]);
    expect(values).toEqual({
      key: 'abc',
      kind: 'day',
      from: new Date('2026-05-04T06:00:00Z'),
      release: '04/26',
      limit: 50,
      cursor: ['2026-05-04T08:00:00.000Z', 7],
    });
    expect(given).toEqual(['key', 'from', 'release', 'cursor']);
  });

  it('should name every bad parameter at once, in the order the route lists them', () => {
    const { errors } = readQuery(PARAMETERS, {
      kind: 'week',
      from: '2026-05-04',
      release: '99/99',
      limit: '0',
      cursor: 'nonsense',
    });
    expect(errors).toEqual([
      { pointer: '#/key', message: 'is required' },
      { pointer: '#/kind', message: 'must be one of day, hour' },
      { pointer: '#/from', message: 'must be an ISO 8601 date-time with offset (2026-05-04T08:00:00Z)' },
      { pointer: '#/release', message: 'must be a known release (04/26 or FV2604)' },
      { pointer: '#/limit', message: 'must be a whole number from 1 to 200' },
      { pointer: '#/cursor', message: 'must be the nextCursor of an earlier page of this list' },
    ]);
  });

  it('should refuse a parameter given twice and treat an empty one as absent', () => {
    const { errors, values } = readQuery(PARAMETERS, { key: ['a', 'b'], limit: '' });
    expect(errors).toEqual([{ pointer: '#/key', message: 'must be given once' }]);
    expect(values.limit).toBe(50);
  });

  it('should read an empty text where the parameter says so, and refuse it there if it does not fit', () => {
    const parameters = { word: { ...textParameter('A word.', /^x+$/, 'x, xx, …'), readsEmpty: true } };
    expect(readQuery(parameters, { word: '' }).errors).toEqual([{ pointer: '#/word', message: 'must be x, xx, …' }]);
    expect(readQuery(parameters, {}).errors).toEqual([]);
  });

  it('should document each parameter with the schema its checker holds', () => {
    const documented = queryParametersOpenApi(PARAMETERS);
    expect(documented.map((parameter) => parameter.name)).toEqual(Object.keys(PARAMETERS));
    expect(documented[0]).toEqual({
      name: 'key',
      in: 'query',
      required: true,
      description: 'A key.',
      schema: { type: 'string', pattern: '^[a-z]{1,3}$' },
    });
    expect(documented[1].schema).toEqual({ type: 'string', enum: ['day', 'hour'], default: 'day' });
    expect(documented[4].schema).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
  });

  it('should read true and false as booleans, and refuse any other word', () => {
    const flag = { flag: booleanParameter('A flag.') };
    expect(readQuery(flag, { flag: 'true' }).values).toEqual({ flag: true });
    expect(readQuery(flag, { flag: 'false' }).values).toEqual({ flag: false });
    expect(readQuery(flag, { flag: 'yes' }).errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('true or false') }),
    ]);
  });
});
