import { bodyCheck } from './body-check';

const CRITERION = {
  type: 'object',
  required: ['plz'],
  properties: { plz: { type: 'string', pattern: '^\\d{5}$', 'x-invalid': 'a German postcode (5 digits)' }, ort: { type: 'string', nullable: true } },
};
const check = bodyCheck(
  { type: 'object', required: ['kriterien'], properties: { kriterien: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Criterion' } } } },
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
    expect(bodyCheck({ ...closed, 'x-invalid-name': 'a or b' })({ a: 1, c: 1 })).toEqual([{ pointer: '#/c', message: 'must be a or b' }]);
  });
});
