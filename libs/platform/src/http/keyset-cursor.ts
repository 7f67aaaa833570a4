import { isCalendarInstant } from '@maco/domain';

/** The type of one position of a cursor: an exact timestamp (as PostgreSQL writes it), text, a uuid, or a whole number. */
export type CursorPart = 'timestamp' | 'text' | 'uuid' | 'integer';

type PartValue<P extends CursorPart> = P extends 'integer' ? number : string;
export type CursorValues<S extends readonly CursorPart[]> = { -readonly [I in keyof S]: PartValue<S[I]> };

// PostgreSQL's JSON form of timestamptz, microseconds and offset included: the cursor must not lose precision, or a
// page boundary inside one millisecond would repeat or skip rows.
const TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::\d{2})?)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_CURSOR_LENGTH = 1000;

/**
 * The position after the last row of a page: the row's sort key as base64url JSON. Opaque to clients; it carries
 * only what the order is by, so a client that forges one reads nothing it could not page to.
 */
export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The sort key of a cursor of the given shape, or undefined when it is not one (garbage, another list's cursor). */
export function decodeCursor<const S extends readonly CursorPart[]>(
  cursor: string,
  shape: S,
): CursorValues<S> | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length !== shape.length) return undefined;
  const fits = shape.every((part, index) => {
    const value: unknown = values[index];
    // Ordinals and revisions fit an int column.
    if (part === 'integer')
      return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;
    if (typeof value !== 'string') return false;
    if (part === 'timestamp') return TIMESTAMP.test(value) && isCalendarInstant(value);
    // No PostgreSQL text holds a NUL: such a key would fail in the query, not as a bad cursor.
    return part === 'uuid' ? UUID.test(value) : value.length > 0 && !value.includes('\u0000');
  });
  return fits ? (values as CursorValues<S>) : undefined;
}
