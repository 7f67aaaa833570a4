import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import { versionsInForce } from '@maco/process-store';

/**
 * One criterion of `IdentifyLocationRepository.identify`: objects of `kind` at every location of `locations`. With
 * locations the text fields only rank (an id hits on its own); without, every text field must match.
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

/** A page of matches: `bodies[i]` (JSON text as stored) is an object of `kinds[i]`. */
export interface IdentifiedPage {
  total: number;
  bodies: string[];
  kinds: string[];
}

const JSON_FIELD = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** One page in answer order; `id` (a version's own) makes the order total, so bodies and kinds pair up by position. */
const PAGE_ORDER = 'score DESC, object_id, kind, id LIMIT $3 OFFSET $4';

/**
 * The statement of an identification: the versions matching any criterion that are in force at `$2` (as the reads
 * resolve versions), counted, and one page of them, most matching text fields first, then by location id. Each
 * criterion is its own candidate query, so each uses its index: ids through the GIN on `locations` behind a planning
 * fence (as the reads, `readStatement` in `@maco/process-store`), their text fields only counted on those few rows;
 * without an id the postcode through the partial expression indexes (`idx_business_object_postcode`, `idx_business_object_meter_postcode`).
 * A version two criteria found counts once, with its best score. The page's kinds come beside its bodies (an answer
 * in English translates each object by its kind). Field names are inlined (checked against `JSON_FIELD`), values are
 * parameters.
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
    candidates.length === 0
      ? 'SELECT *, 0 AS score FROM business_object WHERE false'
      : candidates.length === 1
        ? candidates[0]
        : `SELECT DISTINCT ON (id) * FROM (${candidates.join('\n    UNION ALL ')}) hit ORDER BY id, score DESC`;
  const text = `
  WITH candidate AS (${found}),
  in_force AS (
    SELECT kind, object_id, id, body, score FROM (${versionsInForce('candidate', 'true', 'v.kind, v.object_id, v.id, v.body, v.score')}) version
    WHERE effective @> $2::timestamptz
  )
  SELECT (SELECT count(*) FROM in_force)::int AS total,
    ARRAY(SELECT body::text FROM in_force ORDER BY ${PAGE_ORDER}) AS bodies,
    ARRAY(SELECT kind FROM in_force ORDER BY ${PAGE_ORDER}) AS kinds`;
  return { text, values };
}

/** `POST /identifyLocation` on the read model (`business_object`): the one reader of the identification statement. */
@Injectable()
export class IdentifyLocationRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The total of the locations matching any criterion at `at`, and one page of them (bodies as stored, their kinds). */
  async identify(query: LocationIdentifyQuery): Promise<IdentifiedPage> {
    const { rows } = await this.pool.query<IdentifiedPage>(identifyStatement(query));
    return { total: rows[0]?.total ?? 0, bodies: rows[0]?.bodies ?? [], kinds: rows[0]?.kinds ?? [] };
  }
}
