import { mapJsonTextExactly } from './exact-json-text';

const same = (value: unknown): unknown => value;

describe(mapJsonTextExactly.name, () => {
  it('should keep numbers JSON.parse would change as they were written, and the others as JSON writes them', () => {
    const huge = `1${'0'.repeat(400)}`;
    const text = `{"a": 123456789012345678901234567890, "b": ${huge}, "c": 1.50, "d": -0, "e": 42, "f": [0.5, 1e2]}`;
    expect(mapJsonTextExactly(text, same)).toBe(
      `{"a":123456789012345678901234567890,"b":${huge},"c":1.50,"d":-0,"e":42,"f":[0.5,1e2]}`,
    );
  });

  it('should leave digits inside strings and escaped quotes alone', () => {
    const text = String.raw`{"id": "123456789012345678901234567890", "q": "say \"1e400\"", "k\\": "\\u0000 0"}`;
    expect(JSON.parse(mapJsonTextExactly(text, same))).toEqual(JSON.parse(text));
  });

  it('should map the value, numbers where the map put them', () => {
    const text = '{"stammdaten": {"menge": 123456789012345678901234567890}}';
    const renamed = mapJsonTextExactly(text, (value) => ({
      masterData: (value as { stammdaten: unknown }).stammdaten,
    }));
    expect(renamed).toBe('{"masterData":{"menge":123456789012345678901234567890}}');
  });
});
