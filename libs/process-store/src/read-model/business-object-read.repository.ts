import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';

/** Which objects a read asks for: of one kind, belonging to any of the location keys, valid at a date or in a period. */
export interface BusinessObjectQuery {
  role: string;
  kind: string;
  /** Location keys (`locationKey`): the object belongs to at least one. */
  locations: string[];
  /** Key date, or the start of the period. */
  from: Date;
  /** End of the period (inclusive); absent → `from` is a key date. */
  to?: Date;
}

// Each version of the object's location, with its effective validity: its own validity from its `effective_from` up to
// the earliest `effective_from` of a later version of the same object (wherever that one is located).
const VERSIONS = `
  SELECT v.object_id, v.id, v.body,
    v.valid * tstzrange(v.effective_from, CASE WHEN s.superseded_from IS NULL THEN NULL ELSE GREATEST(v.effective_from, s.superseded_from) END, '[)')
      AS effective
  FROM business_object v
  LEFT JOIN LATERAL (
    SELECT min(w.effective_from) AS superseded_from FROM business_object w
    WHERE w.role = v.role AND w.kind = v.kind AND w.object_id = v.object_id AND w.id > v.id
  ) s ON true
  WHERE v.role = $1 AND v.kind = $2 AND v.locations && $3::text[]`;

// At a key date at most one version of an object is in force.
const AT_KEY_DATE = `
  SELECT body::text AS body FROM (${VERSIONS}) version
  WHERE effective @> $4::timestamptz
  ORDER BY object_id, id`;

// Over a period every version that overlaps it, per object in the order of their validity.
const IN_PERIOD = `
  SELECT body::text AS body FROM (${VERSIONS}) version
  WHERE effective && tstzrange($4::timestamptz, $5::timestamptz, '[]')
  ORDER BY object_id, lower(effective), id`;

/**
 * Reads the read model (`business_object`). Answers JSON text as stored (jsonb's text form), so an answer is built
 * without parsing and serialising the objects again.
 */
@Injectable()
export class BusinessObjectReadRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async find(query: BusinessObjectQuery): Promise<string[]> {
    const { rows } = await this.pool.query<{ body: string }>(
      query.to
        ? { name: 'bo_read_period', text: IN_PERIOD, values: [query.role, query.kind, query.locations, query.from, query.to] }
        : { name: 'bo_read_key_date', text: AT_KEY_DATE, values: [query.role, query.kind, query.locations, query.from] },
    );
    return rows.map((row) => row.body);
  }

  /** `POST /identifyLocation`: the total of the locations matching any criterion at `at`, and one page of them. */
  async identify(query: LocationIdentifyQuery): Promise<{ total: number; bodies: string[] }> {
    const { rows } = await this.pool.query<{ total: number; bodies: string[] }>(identifyStatement(query));
    return { total: rows[0]?.total ?? 0, bodies: rows[0]?.bodies ?? [] };
  }
}

/** One criterion of `identify`: objects of `kind` at every location of `locations` whose text fields equal `texts`. */
export interface LocationCriterionQuery {
  kind: string;
  /** Location keys (`MALO:…`), all required (GIN on `locations`). */
  locations: string[];
  /** `[object, field, lower-case value]`: `lower(body #>> '{object,field}') = value`, all required. */
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
 * resolve versions), counted, and one page of them ordered by location id. Field names are inlined (checked against
 * `JSON_FIELD`), values are parameters. `lower(body #>> '{lokationsadresse,postleitzahl}')` matches the expression
 * index `idx_business_object_postcode`; ids go through the GIN on `locations`.
 */
export function identifyStatement(query: LocationIdentifyQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [query.role, query.at, query.limit, query.offset];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions = query.criteria.map((criterion) => {
    const parts = [`v.kind = ${param(criterion.kind)}`];
    if (criterion.locations.length > 0) parts.push(`v.locations @> ${param(criterion.locations)}::text[]`);
    for (const [object, field, value] of criterion.texts) {
      if (!JSON_FIELD.test(object) || !JSON_FIELD.test(field)) throw new Error(`not a field name: ${object}.${field}`);
      parts.push(`lower(v.body #>> '{${object},${field}}') = ${param(value)}`);
    }
    return `(${parts.join(' AND ')})`;
  });
  const text = `
  WITH in_force AS (
    SELECT v.kind, v.object_id, v.id, v.body FROM business_object v
    LEFT JOIN LATERAL (
      SELECT min(w.effective_from) AS superseded_from FROM business_object w
      WHERE w.role = v.role AND w.kind = v.kind AND w.object_id = v.object_id AND w.id > v.id
    ) s ON true
    WHERE v.role = $1 AND (${conditions.length > 0 ? conditions.join(' OR ') : 'false'})
      AND v.valid * tstzrange(v.effective_from, CASE WHEN s.superseded_from IS NULL THEN NULL ELSE GREATEST(v.effective_from, s.superseded_from) END, '[)')
        @> $2::timestamptz
  )
  SELECT (SELECT count(*) FROM in_force)::int AS total,
    ARRAY(SELECT body::text FROM in_force ORDER BY object_id, kind, id LIMIT $3 OFFSET $4) AS bodies`;
  return { text, values };
}

/** The statements of the reads, for EXPLAIN in tests. */
export const BUSINESS_OBJECT_READS = { AT_KEY_DATE, IN_PERIOD } as const;
