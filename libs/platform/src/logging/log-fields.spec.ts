import { defineLogFields, matching } from './log-fields';

describe('defineLogFields', () => {
  it("should refuse a group field named like platform's own or like anything logs never hold", () => {
    expect(() => defineLogFields({ route: matching(/.*/) })).toThrow(/platform's own/);
    expect(() => defineLogFields({ body: matching(/.*/) })).toThrow(/never hold/);
    expect(() => defineLogFields({ authorization: matching(/.*/) })).toThrow(/never hold/);
  });

  it('should note only values that pass their rule', () => {
    const fields = defineLogFields({ pruefidentifikator: matching(/^\d{5}$/) });
    const facts = { fields: {} as Record<string, string> };
    fields.note(facts, { pruefidentifikator: '55001' });
    fields.note(facts, { pruefidentifikator: 'x' });
    expect(facts.fields).toEqual({ pruefidentifikator: '55001' });
  });
});
