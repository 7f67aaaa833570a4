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
const versions = (candidates: string) => versionsInForce(candidates, 'v.role = $1 AND v.kind = $2', 'v.object_id, v.id, v.body');

/**
 * The statement of a read. At a key date at most one version of an object is in force; over a period every version
 * that overlaps it, per object in the order of their validity. One text (and prepared statement) per shape: keyed or
 * the whole kind, key date or period, with or without a predicate.
 */
export function readStatement(query: BusinessObjectQuery): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [query.role, query.kind];
  const param = (value: unknown) => `$${values.push(value)}`;
  const candidates = query.keys ? `(SELECT * FROM business_object c WHERE c.locations && ${param(query.keys)}::text[] OFFSET 0)` : 'business_object';
  const from = param(query.from);
  const when = query.to ? `effective && tstzrange(${from}::timestamptz, ${param(query.to)}::timestamptz, '[]')` : `effective @> ${from}::timestamptz`;
  const match = query.match ? ` AND jsonb_path_exists(body, ${param(query.match.path)}::jsonpath, ${param(JSON.stringify(query.match.vars))}::jsonb)` : '';
  const text = `
  SELECT body::text AS body FROM (${versions(candidates)}) version
  WHERE ${when}${match}
  ORDER BY object_id, ${query.to ? 'lower(effective), ' : ''}id`;
  const name = `bo_read_${query.keys ? 'keyed' : 'kind'}_${query.to ? 'period' : 'key_date'}${query.match ? '_match' : ''}`;
  return { name, text, values };
}

/**
 * Reads the read model (`business_object`). Answers JSON text as stored (jsonb's text form), so an answer is built
 * without parsing and serialising the objects again.
 */
@Injectable()
export class BusinessObjectReadRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async find(query: BusinessObjectQuery): Promise<string[]> {
    const { rows } = await this.pool.query<{ body: string }>(readStatement(query));
    return rows.map((row) => row.body);
  }

  /** `POST /identifyLocation`: the total of the locations matching any criterion at `at`, and one page of them. */
  async identify(query: LocationIdentifyQuery): Promise<{ total: number; bodies: string[] }> {
    const { rows } = await this.pool.query<{ total: number; bodies: string[] }>(identifyStatement(query));
    return { total: rows[0]?.total ?? 0, bodies: rows[0]?.bodies ?? [] };
  }
}

/**
 * One criterion of `identify`: objects of `kind` at every location of `locations`. With locations the text fields
 * only rank (an id hits on its own); without, every text field must match.
 */
export interface LocationCriterionQuery {
  kind: string;
  /** Location keys (`MALO:…`), all required (GIN on `locations`). */
  locations: string[];
  /** `[object, field, lower-case value]`: `lower(body #>> '{object,field}') = value`, ranking or all required. */
  texts: (readonly [string, string, string])[];
}

export interface LocationIdentifyQuery {
  role: string;
  /** Any criterion matches. */
  criteria: LocationCriterionQuery[];
  /** The key date: only versions in force then. */
  at: Date;
  limit: number;
  offset: number;
}

const JSON_FIELD = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * The statement of an identification: the versions matching any criterion that are in force at `$2` (as the reads
 * resolve versions), counted, and one page of them, most matching text fields first, then by location id. Each
 * criterion is its own candidate query, so each uses its index: ids through the GIN on `locations` behind a planning
 * fence (as the reads, see `versions`), their text fields only counted on those few rows; without an id the
 * postcode through the partial expression indexes (`idx_business_object_postcode`, `idx_business_object_meter_postcode`).
 * A version two criteria found counts once, with its best score. Field names are inlined (checked against
 * `JSON_FIELD`), values are parameters.
 */
export function identifyStatement(query: LocationIdentifyQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [query.role, query.at, query.limit, query.offset];
  const param = (value: unknown) => `$${values.push(value)}`;
  const candidates = query.criteria.map((criterion) => {
    const kind = param(criterion.kind);
    const fields = criterion.texts.map(([object, field, value]) => {
      if (!JSON_FIELD.test(object) || !JSON_FIELD.test(field)) throw new Error(`not a field name: ${object}.${field}`);
      return `lower(c.body #>> '{${object},${field}}') = ${param(value)}`;
    });
    const columns = 'c.id, c.role, c.kind, c.object_id, c.valid, c.effective_from, c.body';
    if (criterion.locations.length === 0) {
      return `SELECT ${columns}, ${fields.length} AS score FROM business_object c WHERE ${['c.role = $1', `c.kind = ${kind}`, ...fields].join(' AND ')}`;
    }
    const score = fields.length > 0 ? fields.map((field) => `(CASE WHEN ${field} THEN 1 ELSE 0 END)`).join(' + ') : '0';
    return `SELECT ${columns}, ${score} AS score FROM (SELECT * FROM business_object WHERE locations @> ${param(criterion.locations)}::text[] OFFSET 0) c
      WHERE c.role = $1 AND c.kind = ${kind}`;
  });
  const found =
    candidates.length === 0 ? 'SELECT *, 0 AS score FROM business_object WHERE false'
    : candidates.length === 1 ? candidates[0]
    : `SELECT DISTINCT ON (id) * FROM (${candidates.join('\n    UNION ALL ')}) hit ORDER BY id, score DESC`;
  const text = `
  WITH candidate AS (${found}),
  in_force AS (
    SELECT kind, object_id, id, body, score FROM (${versionsInForce('candidate', 'true', 'v.kind, v.object_id, v.id, v.body, v.score')}) version
    WHERE effective @> $2::timestamptz
  )
  SELECT (SELECT count(*) FROM in_force)::int AS total,
    ARRAY(SELECT body::text FROM in_force ORDER BY score DESC, object_id, kind, id LIMIT $3 OFFSET $4) AS bodies`;
  return { text, values };
}

const EXAMPLE = { role: '', kind: '', keys: [], from: new Date(0) };
/** The statements of the location reads (`$1` role, `$2` kind, `$3` keys, `$4` from, `$5` to), for EXPLAIN in tests. */
export const BUSINESS_OBJECT_READS = {
  AT_KEY_DATE: readStatement(EXAMPLE).text,
  IN_PERIOD: readStatement({ ...EXAMPLE, to: new Date(0) }).text,
} as const;
