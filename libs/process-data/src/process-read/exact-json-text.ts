// Tokens of JSON text: a string (skipped whole, so digits inside stay) or a number.
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
// A number stood in for by a string holding NUL and its index: jsonb holds no NUL, so no stored string looks like one.
const STAND_IN = /"\\u0000(\d+)"/g;

/**
 * Maps a value given as JSON text and answers the result as JSON text, keeping every number exactly as written where
 * JSON.parse would change it (`123456789012345678901234567890`, `1e400`, `1.50`): such a number stands in as a string
 * while `map` runs and goes back as its own text. `map` must keep strings it does not know as they are (a translation
 * of keys and enumeration values does).
 */
export function mapJsonTextExactly(text: string, map: (value: unknown) => unknown): string {
  const numbers: string[] = [];
  const marked = text.replace(TOKEN, (token) =>
    token.startsWith('"') || JSON.stringify(JSON.parse(token)) === token
      ? token
      : `"\\u0000${numbers.push(token) - 1}"`,
  );
  const mapped = JSON.stringify(map(JSON.parse(marked)));
  return numbers.length === 0 ? mapped : mapped.replace(STAND_IN, (_, index: string) => numbers[Number(index)]);
}
