import { bodyCheck } from './body-check';

const CRITERION = {
  type: 'object',
  required: ['plz'],
  properties: {
    plz: { type: 'string', pattern: '^\\d{5}$', 'x-invalid': 'a German postcode (5 digits)' },
    ort: { type: 'string', nullable: true },
  },
};
const check = bodyCheck(
  {
    type: 'object',
    required: ['kriterien'],
    properties: { kriterien: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Criterion' } } },
  },
  { Criterion: CRITERION },
);

describe('bodyCheck', () => {
  it('should pass a body that fits the documented schema, nulls where it says nullable', () => {
    expect(check({ kriterien: [{ plz: '50667', ort: null }] })).toEqual([]);
  });

  it('should point at every problem, a missing member at its own place, with the schema’s message', () => {
    expect(check({ kriterien: [{ plz: '5066' }, { ort: 3 }] })).toEqual([
      { pointer: '#/kriterien/0/plz', message: 'must be a German postcode (5 digits)' },
      { pointer: '#/kriterien/1/plz', message: 'is required' },
      { pointer: '#/kriterien/1/ort', message: 'must be string' },
    ]);
    expect(check([])).toEqual([{ pointer: '#', message: 'must be object' }]);
    expect(check({})).toEqual([{ pointer: '#/kriterien', message: 'is required' }]);
  });

  it('should say what a member’s name must be where the schema says it, else that it is not allowed', () => {
    const closed = { type: 'object', additionalProperties: false, properties: { a: {}, b: {} } };
    expect(bodyCheck(closed)({ c: 1 })).toEqual([{ pointer: '#/c', message: 'is not allowed here' }]);
    expect(bodyCheck({ ...closed, 'x-invalid-name': 'a or b' })({ a: 1, c: 1 })).toEqual([
      { pointer: '#/c', message: 'must be a or b' },
    ]);
  });
});

describe('bodyCheck messages, order and rules', () => {
  const ENVELOPE = {
    type: 'object',
    required: ['head', 'items'],
    properties: {
      head: { type: 'object', 'x-messages': { required: 'is required (an object)', type: 'is required (an object)' } },
      items: {
        type: 'array',
        maxItems: 2,
        'x-messages': {
          null: 'is required (a list)',
          type: 'must be a list',
          maxItems: 'must have at most 2 elements',
        },
        items: { $ref: '#/components/schemas/Item' },
      },
      name: {
        type: 'string',
        maxLength: 5,
        pattern: '^[a-z]*$',
        'x-messages': { maxLength: 'must be at most 5 letters', pattern: 'must be letters' },
      },
    },
  };
  const ITEM = { type: 'object', properties: { id: { type: 'string', pattern: '^\\d+$', 'x-invalid': 'digits' } } };
  const check = bodyCheck(ENVELOPE, { Item: ITEM }, (body, suffix: string) =>
    ['name', 'extra'].flatMap((member) =>
      typeof (body as Record<string, unknown>)?.[member] === 'string'
        ? [{ pointer: `#/${member}`, message: `must end in ${suffix}` }]
        : [],
    ),
  );

  it('should take a missing, null or wrong member’s message from its schema', () => {
    expect(check({ items: null }, 'x')).toEqual([
      { pointer: '#/head', message: 'is required (an object)' },
      { pointer: '#/items', message: 'is required (a list)' },
    ]);
    expect(check({ head: 1, items: [{}, {}, {}] }, 'x')).toEqual([
      { pointer: '#/head', message: 'is required (an object)' },
      { pointer: '#/items', message: 'must have at most 2 elements' },
    ]);
  });

  it('should report one problem per member, in the order of the schema, a member before its parts', () => {
    expect(check({ name: 'ABCDEFG', items: [{ id: 'a' }], extra: 'y' }, 'x')).toEqual([
      { pointer: '#/head', message: 'is required (an object)' },
      { pointer: '#/items/0/id', message: 'must be digits' },
      { pointer: '#/name', message: 'must be at most 5 letters' },
      { pointer: '#/extra', message: 'must end in x' },
    ]);
  });
});
