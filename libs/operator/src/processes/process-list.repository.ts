import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL, revisionOfRecord } from '@maco/database';
import type { ReleaseName } from '@maco/domain';
import { type Page, pageOf } from '@maco/platform';
import type { ProcessSummary } from '../operator-api';
import { SqlConditions } from '../query/sql-conditions';

export const PROCESS_STATUSES = ['pending', 'sent', 'failed'] as const;

export interface ProcessListFilter {
  /** Any key the process carries: its business key, a collected key (process_key), the prozessId of its create. */
  key?: string;
  maloId?: string;
  pruefidentifikator?: string;
  /** The release of the latest revision. */
  release?: ReleaseName;
  status?: (typeof PROCESS_STATUSES)[number];
  /** `any`: the latest revision has a finding; else a finding code it must have. */
  findings?: string;
  /** On the creation time: `from` inclusive, `to` exclusive. */
  from?: Date;
  to?: Date;
}

/** Where a page starts: after the row of this (exact creation time, business key). */
export type ProcessListPosition = readonly [createdAt: string, businessKey: string];

interface ProcessRow {
  business_key: string;
  status: string | null;
  pruefidentifikator: string | null;
  release: string;
  revision: number;
  finding_count: number;
  finding_codes: string[];
  marktlokations_ids: string[];
  created_at: Date;
  created_at_exact: string;
  updated_at: Date;
}

// Newest first along idx_process_record_created (or _pi_created, _status_created): the scan stops after `limit` rows
// that pass the filters. The latest revision is one primary-key probe per row; its release and findings are what the
// list shows and filters on. LEFT JOIN: a revision may have left with a dropped partition (retention); the process is
// then listed with the record's release and no findings.
const SELECT_PAGE = (where: string, limit: string) => `
  SELECT r.business_key, r.status, r.pruefidentifikator, COALESCE(v.release, r.release) AS release, r.revision, r.marktlokations_ids,
    r.created_at, r.updated_at,
    to_json(r.created_at) #>> '{}' AS created_at_exact,
    COALESCE(jsonb_array_length(v.findings), 0) AS finding_count,
    ARRAY(SELECT DISTINCT f ->> 'code' FROM jsonb_array_elements(v.findings) f WHERE f ->> 'code' IS NOT NULL ORDER BY 1) AS finding_codes
  FROM process_record r
  ${revisionOfRecord('r', 'r.revision', 'v.release, v.findings')}
  WHERE ${where}
  ORDER BY r.created_at DESC, r.business_key DESC
  LIMIT ${limit}`;

/** The process list of the operator console: one statement per page, no locks. */
@Injectable()
export class ProcessListRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async page(
    role: string,
    filter: ProcessListFilter,
    limit: number,
    after?: ProcessListPosition,
  ): Promise<Page<ProcessSummary>> {
    const sql = new SqlConditions();
    const roleParam = sql.param(role);
    sql.where(`r.role = ${roleParam}`);
    if (filter.key !== undefined) {
      const key = sql.param(filter.key);
      sql.where(`r.id IN (
        SELECT id FROM process_record WHERE role = ${roleParam} AND business_key = ${key}
        UNION ALL SELECT record_id FROM process_key WHERE role = ${roleParam} AND key = ${key}
        UNION ALL SELECT id FROM process_record WHERE role = ${roleParam} AND prozess_id = ${key})`);
    }
    if (filter.maloId !== undefined) {
      // The ids first, through the GIN index, as an array the planner cannot merge into the ordered scan: it
      // overestimates the rows of one MaLo-ID and would walk the whole newest-first index filtering
      // (docs/performance.md, "Operator console").
      sql.where(
        `r.id = ANY(ARRAY(SELECT id FROM process_record WHERE role = ${roleParam} AND marktlokations_ids @> ARRAY[${sql.param(filter.maloId)}::text]))`,
      );
    }
    if (filter.pruefidentifikator !== undefined)
      sql.where(`r.pruefidentifikator = ${sql.param(filter.pruefidentifikator)}`);
    if (filter.status !== undefined) sql.where(`r.status = ${sql.param(filter.status)}`);
    if (filter.release !== undefined) sql.where(`v.release = ${sql.param(filter.release)}`);
    if (filter.findings === 'any') sql.where(`v.findings <> '[]'::jsonb`);
    else if (filter.findings !== undefined)
      sql.where(`v.findings @> jsonb_build_array(jsonb_build_object('code', ${sql.param(filter.findings)}::text))`);
    if (filter.from) sql.where(`r.created_at >= ${sql.param(filter.from)}`);
    if (filter.to) sql.where(`r.created_at < ${sql.param(filter.to)}`);
    if (after)
      sql.where(`(r.created_at, r.business_key) < (${sql.param(after[0])}::timestamptz, ${sql.param(after[1])}::text)`);
    // One row more than asked: whether there is a next page, without counting.
    const { rows } = await this.pool.query<ProcessRow>(SELECT_PAGE(sql.sql, sql.param(limit + 1)), sql.params);
    return pageOf(rows, limit, (row) => [row.created_at_exact, row.business_key], summaryOf);
  }
}

function summaryOf(row: ProcessRow): ProcessSummary {
  return {
    businessKey: row.business_key,
    status: row.status,
    pruefidentifikator: row.pruefidentifikator,
    release: row.release,
    revisionCount: row.revision,
    findingCount: row.finding_count,
    findingCodes: row.finding_codes,
    marktlokationsIds: row.marktlokations_ids,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
