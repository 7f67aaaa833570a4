import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@maco/database';
import type { ReleaseName } from '@maco/domain';
import { type Page, pageOf } from '@maco/platform';
import type { FindingBucket, FindingCountRow, FindingView } from '../operator-api';
import { SqlConditions } from '../query/sql-conditions';

export const FINDING_BUCKETS = ['day', 'hour'] as const satisfies readonly FindingBucket[];
/** Compiles only while FINDING_BUCKETS lists every bucket of the wire type (`satisfies` rules out any other). */
type _EveryBucketListed = Expect<Exclude<FindingBucket, (typeof FINDING_BUCKETS)[number]>>;
type Expect<Missing extends never> = Missing;

export interface FindingFilter {
  code?: string;
  pruefidentifikator?: string;
  release?: ReleaseName;
  /** On the revision's receipt: `from` inclusive, `to` exclusive. */
  from?: Date;
  to?: Date;
}

/** Where a page starts: after this finding (the revision's exact receipt, record id, revision, the finding's ordinal). */
export type FindingPosition = readonly [receivedAt: string, recordId: string, revision: number, ordinal: number];

interface FindingRow {
  business_key: string;
  record_id: string;
  revision: number;
  received_at: Date;
  received_at_exact: string;
  pruefidentifikator: string | null;
  release: string;
  ordinal: string;
  code: string | null;
  pointer: string | null;
  message: string | null;
}

// Revisions with findings only (partial index idx_process_revision_findings_received), in UTC buckets.
const COUNT_FINDINGS = `
  SELECT to_json(date_trunc($2, v.received_at, 'UTC')) #>> '{}' AS bucket_start, v.pruefidentifikator, v.release, f ->> 'code' AS code,
    count(*)::int AS count
  FROM process_revision v
  JOIN process_record r ON r.id = v.record_id
  CROSS JOIN LATERAL jsonb_array_elements(v.findings) f
  WHERE r.role = $1 AND v.findings <> '[]'::jsonb AND v.received_at >= $3 AND v.received_at < $4
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4`;

// Newest revision first along the same index, a revision's findings in their order.
const SELECT_PAGE = (where: string, limit: string) => `
  SELECT r.business_key, v.record_id, v.revision, v.received_at, to_json(v.received_at) #>> '{}' AS received_at_exact,
    v.pruefidentifikator, v.release, f.ordinal, f.finding ->> 'code' AS code, f.finding ->> 'pointer' AS pointer, f.finding ->> 'message' AS message
  FROM process_revision v
  JOIN process_record r ON r.id = v.record_id
  CROSS JOIN LATERAL jsonb_array_elements(v.findings) WITH ORDINALITY AS f(finding, ordinal)
  WHERE ${where}
  ORDER BY v.received_at DESC, v.record_id DESC, v.revision DESC, f.ordinal
  LIMIT ${limit}`;

/** Findings of the AHB check as operators read them: counted per bucket, or listed one by one. */
@Injectable()
export class FindingsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async summary(role: string, bucket: FindingBucket, from: Date, to: Date): Promise<FindingCountRow[]> {
    const { rows } = await this.pool.query<{
      bucket_start: string;
      pruefidentifikator: string | null;
      release: string;
      code: string;
      count: number;
    }>(COUNT_FINDINGS, [role, bucket, from, to]);
    return rows.map((row) => ({
      bucketStart: new Date(row.bucket_start).toISOString(),
      pruefidentifikator: row.pruefidentifikator,
      release: row.release,
      code: row.code,
      count: row.count,
    }));
  }

  async page(role: string, filter: FindingFilter, limit: number, after?: FindingPosition): Promise<Page<FindingView>> {
    const sql = new SqlConditions();
    sql.where(`r.role = ${sql.param(role)}`);
    sql.where(`v.findings <> '[]'::jsonb`);
    if (filter.code !== undefined) {
      const code = sql.param(filter.code);
      sql.where(
        `v.findings @> jsonb_build_array(jsonb_build_object('code', ${code}::text)) AND f.finding ->> 'code' = ${code}`,
      );
    }
    if (filter.pruefidentifikator !== undefined)
      sql.where(`v.pruefidentifikator = ${sql.param(filter.pruefidentifikator)}`);
    if (filter.release !== undefined) sql.where(`v.release = ${sql.param(filter.release)}`);
    if (filter.from) sql.where(`v.received_at >= ${sql.param(filter.from)}`);
    if (filter.to) sql.where(`v.received_at < ${sql.param(filter.to)}`);
    if (after) {
      const at = `(${sql.param(after[0])}::timestamptz, ${sql.param(after[1])}::uuid, ${sql.param(after[2])}::int)`;
      // The first part bounds the index scan; the second skips the findings of the boundary revision already shown.
      sql.where(`(v.received_at, v.record_id, v.revision) <= ${at}`);
      sql.where(`((v.received_at, v.record_id, v.revision) < ${at} OR f.ordinal > ${sql.param(after[3])})`);
    }
    const { rows } = await this.pool.query<FindingRow>(SELECT_PAGE(sql.sql, sql.param(limit + 1)), sql.params);
    return pageOf(
      rows,
      limit,
      (row) => [row.received_at_exact, row.record_id, row.revision, Number(row.ordinal)],
      (row) => ({
        businessKey: row.business_key,
        revision: row.revision,
        receivedAt: row.received_at.toISOString(),
        pruefidentifikator: row.pruefidentifikator,
        release: row.release,
        code: row.code,
        pointer: row.pointer,
        message: row.message,
      }),
    );
  }
}
