import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { versionsInForce } from './business-object.sql';

/**
 * Which objects a read asks for: of one kind, holding any of the keys (location keys, or lookup keys of kinds read by
 * another id), valid at a date or in a period, optionally only those a JSON path predicate holds for.
 */
export interface BusinessObjectQuery {
  role: string;
  kind: string;
  /** `locationKey`s or `lookupKey`s: the object holds at least one. Absent: every object of the kind. */
  keys?: string[];
  /** Key date, or the start of the period. */
  from: Date;
  /** End of the period (inclusive); absent → `from` is a key date. */
  to?: Date;
  /** A SQL/JSON path predicate on the object (`jsonb_path_exists`) and its variables. */
  match?: { path: string; vars: Record<string, unknown> };
}

// Each version of the candidates in force over some range (`versionsInForce`). Keyed reads take their candidates by
// key alone in a subquery behind `OFFSET 0` (a planning fence), role and kind checked on those few rows: with generic
// plans (the pool's `plan_cache_mode`) the planner cannot see how few rows a key has and, at a million objects,
// otherwise ANDs the key index with an index scan of every row of the kind (docs/performance.md, "Reads").
const versions = (candidates: string) =>
  versionsInForce(candidates, 'v.role = $1 AND v.kind = $2', 'v.object_id, v.id, v.body');

/**
 * The statement of a read. At a key date at most one version of an object is in force; over a period every version
 * that overlaps it, per object in the order of their validity. One text (and prepared statement) per shape: keyed or
 * the whole kind, key date or period, with or without a predicate.
 */
export function readStatement(query: BusinessObjectQuery): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [query.role, query.kind];
  const param = (value: unknown) => `$${values.push(value)}`;
  const candidates = query.keys
    ? `(SELECT * FROM business_object c WHERE c.locations && ${param(query.keys)}::text[] OFFSET 0)`
    : 'business_object';
  const from = param(query.from);
  const when = query.to
    ? `effective && tstzrange(${from}::timestamptz, ${param(query.to)}::timestamptz, '[]')`
    : `effective @> ${from}::timestamptz`;
  const match = query.match
    ? ` AND jsonb_path_exists(body, ${param(query.match.path)}::jsonpath, ${param(JSON.stringify(query.match.vars))}::jsonb)`
    : '';
  const text = `
  SELECT body::text AS body FROM (${versions(candidates)}) version
  WHERE ${when}${match}
  ORDER BY object_id, ${query.to ? 'lower(effective), ' : ''}id`;
  const name = `bo_read_${query.keys ? 'keyed' : 'kind'}_${query.to ? 'period' : 'key_date'}${query.match ? '_match' : ''}`;
  return { name, text, values };
}

/**
 * Reads the read model (`business_object`): the BO4E reads (bo-read) and the MaLo's master data (malo-ident) read
 * objects of a kind by key at a key date. Answers JSON text as stored (jsonb's text form), so an answer is built
 * without parsing and serialising the objects again.
 */
@Injectable()
export class BusinessObjectReadRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async find(query: BusinessObjectQuery): Promise<string[]> {
    const { rows } = await this.pool.query<{ body: string }>(readStatement(query));
    return rows.map((row) => row.body);
  }
}

const EXAMPLE = { role: '', kind: '', keys: [], from: new Date(0) };
/** The statements of the location reads (`$1` role, `$2` kind, `$3` keys, `$4` from, `$5` to), for EXPLAIN in tests. */
export const BUSINESS_OBJECT_READS = {
  AT_KEY_DATE: readStatement(EXAMPLE).text,
  IN_PERIOD: readStatement({ ...EXAMPLE, to: new Date(0) }).text,
} as const;
