import { appendPointer, type FieldViolation, ROOT_POINTER } from '@maco/domain';

/**
 * Longest string the service accepts for a value it indexes. A PostgreSQL B-tree entry holds at most 2704 bytes (a GIN
 * entry about as much), and a character takes up to 3 bytes in UTF-8 (a surrogate pair, 2 characters here, takes 4):
 * 256 characters are at most 768 bytes, far more than any real key (UUIDs, 5-digit Prüfidentifikatoren, 11-digit
 * MaLo-IDs) and far less than the index can take. A longer value would fail the insert (SQLSTATE 54000).
 */
export const MAX_INDEXED_LENGTH = 256;

const FIELDS: readonly (readonly [string, string])[] = [
  ['zusatzdaten', 'businessKey'],
  ['zusatzdaten', 'targetBusinessKey'],
  ['zusatzdaten', 'prozessId'],
  ['transaktionsdaten', 'pruefidentifikator'],
];

/**
 * The values of a body that go into indexed columns (process keys, Prüfidentifikator, `marktlokationsId` of each
 * MARKTLOKATION) and are longer than {@link MAX_INDEXED_LENGTH}, as violations. Reads only what is there: the body
 * has passed the domain's validation.
 */
export function overlongIndexedValues(body: Record<string, unknown>): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const message = `must be at most ${MAX_INDEXED_LENGTH} characters long`;
  for (const [section, field] of FIELDS) {
    const value = (body[section] as Record<string, unknown> | null | undefined)?.[field];
    if (typeof value === 'string' && value.length > MAX_INDEXED_LENGTH) {
      violations.push({ pointer: appendPointer(appendPointer(ROOT_POINTER, section), field), message });
    }
  }
  const marktlokationen = (body['stammdaten'] as Record<string, unknown> | null | undefined)?.['MARKTLOKATION'];
  if (Array.isArray(marktlokationen)) {
    marktlokationen.forEach((malo: unknown, index) => {
      const id = (malo as { marktlokationsId?: unknown } | null)?.marktlokationsId;
      if (typeof id === 'string' && id.length > MAX_INDEXED_LENGTH) {
        violations.push({ pointer: `#/stammdaten/MARKTLOKATION/${index}/marktlokationsId`, message });
      }
    });
  }
  return violations;
}
