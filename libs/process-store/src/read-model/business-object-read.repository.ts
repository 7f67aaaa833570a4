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
}

/** The statements of the reads, for EXPLAIN in tests. */
export const BUSINESS_OBJECT_READS = { AT_KEY_DATE, IN_PERIOD } as const;
