import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { escapePointerToken, isPlainObject } from '@maco/domain';
import { projectionCtes } from '@maco/process-store';
import {
  BUSINESS_OBJECT_RULES,
  type Entry,
  locationsOf,
  MAX_ID_LENGTH,
  messageFactsOf,
  type ObjectDescriptor,
  objectId,
  type ProjectionOptions,
  projectionOptionsOf,
  validityOf,
} from '@maco/read-model';

/** An object of an import the rules cannot describe: where it is (`#/stammdaten/KIND/3`) and why. */
export interface RefusedObject {
  pointer: string;
  message: string;
}

/** What an import batch did: versions stored, objects equal to their latest version (not stored again), refusals. */
export interface ImportOutcome {
  imported: number;
  unchanged: number;
  refused: RefusedObject[];
}

/**
 * The objects of an import (`{"KIND": [ … ]}`) as projection descriptors, under the same per-kind rules as bookings
 * (`BUSINESS_OBJECT_RULES`), and the objects refused: unknown kind, not an object, no id, the same id twice in one
 * import (the pointer of the later one is in the message). A document of one MaLo links like a message, through the
 * location types it holds exactly one of: the vendor's master-data answer (one MaLo with its Bilanzierung, MeLo,
 * contracts) reads back together. A batch of several MaLos cannot say which meter or Bilanzierung belongs to which:
 * there an object is linked only to its own and the locations it names. `pointerOf` turns the refusals' pointers
 * into the canonical `stammdaten` into pointers into the body as received (an English import's `#/masterData/…`).
 */
export function describeImportedObjects(
  stammdaten: Record<string, unknown>,
  options: ProjectionOptions = {},
  pointerOf: (canonical: string) => string = (pointer) => pointer,
): { descriptors: ObjectDescriptor[]; refused: RefusedObject[] } {
  const refused: RefusedObject[] = [];
  const entries: (Entry & { pointer: string })[] = [];
  for (const [kind, value] of Object.entries(stammdaten)) {
    const kindPointer = `#/stammdaten/${escapePointerToken(kind)}`;
    const rule = Object.hasOwn(BUSINESS_OBJECT_RULES, kind) ? BUSINESS_OBJECT_RULES[kind] : undefined;
    const elements: [number | null, unknown][] = Array.isArray(value)
      ? value.map((object, index) => [index, object])
      : [[null, value]];
    for (const [index, object] of elements) {
      const pointer = index === null ? kindPointer : `${kindPointer}/${index}`;
      if (!rule)
        refused.push({
          pointer,
          message: `unknown kind ${kind}: master data of ${Object.keys(BUSINESS_OBJECT_RULES).join(', ')} can be imported`,
        });
      else if (!isPlainObject(object)) refused.push({ pointer, message: 'must be a business object (a JSON object)' });
      else entries.push({ kind, index, rule, object, pointer });
    }
  }
  const document = messageFactsOf(entries);
  const counts = new Map<string, number>();
  for (const { type } of document.locations) counts.set(type, (counts.get(type) ?? 0) + 1);
  // Several MaLos: a batch, whose objects say themselves what they belong to.
  const linked = (counts.get('MALO') ?? 0) > 1 ? [] : document.locations.filter(({ type }) => counts.get(type) === 1);
  const descriptors: ObjectDescriptor[] = [];
  const seen = new Map<string, string>();
  for (const { kind, index, rule, object, pointer } of entries) {
    const id = objectId(rule, object, document, index);
    if (!id) {
      const made =
        rule.derivedId || rule.belongingId
          ? ' (or the fields its id is made of, or a document with one location it belongs to)'
          : '';
      refused.push({
        pointer,
        message: `has no id: a ${kind} needs one of ${rule.id.join(', ')}${made}, at most ${MAX_ID_LENGTH} characters`,
      });
      continue;
    }
    const identity = `${kind}\u0000${id}`;
    const earlier = seen.get(identity);
    if (earlier) {
      refused.push({
        pointer,
        message: `the same ${kind} ${id} as ${pointerOf(earlier)} in this import: send each object once per request`,
      });
      continue;
    }
    seen.set(identity, pointer);
    const [from, to] = validityOf(rule, object);
    descriptors.push({ k: kind, n: index, i: id, f: from, t: to, l: locationsOf(rule, object, id, linked, options) });
  }
  // Sorted on the canonical pointers, which `pointerOrder` reads; then as received.
  const ordered = refused.sort((a, b) => pointerOrder(a.pointer, b.pointer, stammdaten));
  return { descriptors, refused: ordered.map((refusal) => ({ ...refusal, pointer: pointerOf(refusal.pointer) })) };
}

/** Refusals in document order (kinds as sent, then index), as before the document's facts were collected first. */
function pointerOrder(a: string, b: string, stammdaten: Record<string, unknown>): number {
  const kinds = Object.keys(stammdaten).map(escapePointerToken);
  const split = (pointer: string) => {
    const [kind, index] = pointer.slice('#/stammdaten/'.length).split('/');
    return [kinds.indexOf(kind), index === undefined ? -1 : Number(index)] as const;
  };
  const [ka, ia] = split(a);
  const [kb, ib] = split(b);
  return ka - kb || ia - ib;
}

// The booking path's projection (same skip-if-equal and version rules), with the request's objects as the state and no
// record: one statement per batch. `bo_changed` holds exactly the versions `bo_projected` inserts.
const IMPORT = `
  WITH ${projectionCtes({
    role: '$1',
    stammdaten: '$2::jsonb',
    descriptors: '$3',
    booked: '(SELECT 1) AS import_batch',
    recordId: 'NULL::uuid',
    revision: 'NULL::int',
    source: 'import',
  })}
  SELECT count(*)::int AS imported FROM bo_changed`;

/** Imports master data the company already has into the read model (`business_object`, source `import`). */
@Injectable()
export class BusinessObjectImportRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Projects every describable object of `stammdaten` (canonical German) in one statement; the others come back
   * refused, pointed at by `pointerOf` (into the body as received).
   */
  async import(
    role: string,
    stammdaten: Record<string, unknown>,
    pointerOf?: (canonical: string) => string,
  ): Promise<ImportOutcome> {
    const { descriptors, refused } = describeImportedObjects(stammdaten, projectionOptionsOf(role), pointerOf);
    if (descriptors.length === 0) return { imported: 0, unchanged: 0, refused };
    const { rows } = await this.pool.query<{ imported: number }>({
      name: 'bo_import',
      text: IMPORT,
      values: [role, JSON.stringify(stammdaten), JSON.stringify(descriptors)],
    });
    const imported = rows[0]?.imported ?? 0;
    return { imported, unchanged: descriptors.length - imported, refused };
  }
}

/** The import statement, for EXPLAIN in tests. */
export const BUSINESS_OBJECT_IMPORT = IMPORT;
