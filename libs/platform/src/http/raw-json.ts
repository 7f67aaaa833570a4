/**
 * JSON text to be answered as it is, inside a value serialised with {@link stringifyWithRawJson}: a stored jsonb read
 * as text keeps numbers beyond double precision (`123456789012345678901234567890`, `1e400`) that JSON.parse would
 * round, turn into `null` or `0`. The text must be valid JSON (jsonb's own output is).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

// jsonb holds no NUL, so no stored string can contain this marker's escaped form.
const MARKER = /"\\u0000raw(\d+)\\u0000"/g;

/** JSON.stringify, with every {@link RawJson} in `value` spliced in as its text. */
export function stringifyWithRawJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, member: unknown) =>
    member instanceof RawJson ? `\u0000raw${raws.push(member.text) - 1}\u0000` : member,
  );
  return raws.length === 0 ? text : text.replace(MARKER, (_, index: string) => raws[Number(index)]);
}
