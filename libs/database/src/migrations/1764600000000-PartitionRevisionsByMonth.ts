import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addMonths,
  createRevisionPartitionSql,
  monthOf,
  monthsBetween,
  PARTITION_MONTHS_AHEAD,
} from '../partitions/revision-partitions';

/**
 * Growth (docs/reliability.md, "Growth: partitions and retention"): `process_revision` becomes a table partitioned by
 * UTC month of `received_at`, so old months can be exported and dropped whole instead of deleted row by row.
 *
 * The existing table is converted with its data, in the migration's transaction, through a partitioned twin; its
 * constraints and indexes are built once after the copy, which is faster than maintaining them row by row during it.
 *
 * - The primary key must contain the partition key: `(record_id, revision, received_at)`. Lookups by
 *   `(record_id, revision)` use its prefix; that a revision number is used once per record rests, as before, on the
 *   record's row lock under which every booking takes `revision + 1`.
 * - A unique index of a partitioned table must contain the partition key too, so `uq_process_revision_update_body`
 *   could no longer see an identical update booked in another month. That guarantee (a repeated update is a replay,
 *   however late) moves to the unpartitioned table `process_update_body` (record, body hash → revision), written by
 *   the same statement as the update's revision and filled here from the existing updates.
 * - View `process_state` depends on the table; it is recreated with a LEFT JOIN to revision 1, so a process whose
 *   revision 1 left with an old partition (retention) still resolves its state: it has had updates, so `current` is set.
 */
export class PartitionRevisionsByMonth1764600000000 implements MigrationInterface {
  name = 'PartitionRevisionsByMonth1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW process_state`);
    await queryRunner.query(`
      CREATE TABLE process_revision_partitioned (
        record_id uuid NOT NULL,
        revision integer NOT NULL,
        operation varchar(16) NOT NULL,
        pruefidentifikator text,
        release varchar(5) NOT NULL,
        body jsonb NOT NULL,
        body_sha256 bytea,
        token_subject text,
        request_id text,
        received_at timestamptz NOT NULL DEFAULT now(),
        findings jsonb NOT NULL DEFAULT '[]'::jsonb,
        matched_by varchar(32)
      ) PARTITION BY RANGE (received_at)`);
    // Keep the body's compression (lz4 where migration StoreCreateBodyOnce could set it); partitions inherit it.
    const [{ compression }] = (await queryRunner.query(
      `SELECT attcompression AS compression FROM pg_attribute WHERE attrelid = 'process_revision'::regclass AND attname = 'body'`,
    )) as { compression: string }[];
    if (compression === 'l')
      await queryRunner.query(`ALTER TABLE process_revision_partitioned ALTER COLUMN body SET COMPRESSION lz4`);

    const [{ oldest }] = (await queryRunner.query(`SELECT min(received_at) AS oldest FROM process_revision`)) as {
      oldest: Date | null;
    }[];
    const current = monthOf(new Date());
    const first = oldest ? monthOf(new Date(oldest)) : current;
    for (const month of monthsBetween(first, addMonths(current, PARTITION_MONTHS_AHEAD))) {
      await queryRunner.query(createRevisionPartitionSql(month, 'process_revision_partitioned'));
    }

    await queryRunner.query(`
      INSERT INTO process_revision_partitioned
        (record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, received_at, findings, matched_by)
      SELECT record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject, request_id, received_at, findings, matched_by
      FROM process_revision`);

    await queryRunner.query(`
      CREATE TABLE process_update_body (
        record_id uuid NOT NULL CONSTRAINT fk_process_update_body_record REFERENCES process_record (id),
        body_sha256 bytea NOT NULL,
        revision integer NOT NULL,
        CONSTRAINT pk_process_update_body PRIMARY KEY (record_id, body_sha256)
      )`);
    await queryRunner.query(`
      INSERT INTO process_update_body (record_id, body_sha256, revision)
      SELECT record_id, body_sha256, revision FROM process_revision WHERE operation = 'update'`);

    await queryRunner.query(`DROP TABLE process_revision`);
    await queryRunner.query(`ALTER TABLE process_revision_partitioned RENAME TO process_revision`);
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT pk_process_revision PRIMARY KEY (record_id, revision, received_at)`,
    );
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT fk_process_revision_record FOREIGN KEY (record_id) REFERENCES process_record (id)`,
    );
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT ck_process_revision_operation CHECK (operation IN ('create', 'update', 'trigger'))`,
    );
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT ck_process_revision_update_hash CHECK (operation = 'create' OR body_sha256 IS NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_revision_findings_received ON process_revision (received_at DESC, record_id DESC, revision DESC) WHERE findings <> '[]'::jsonb`,
    );
    await queryRunner.query(`
      CREATE VIEW process_state AS
      SELECT r.id, r.role, r.business_key, r.target_business_key, r.prozess_id, r.pruefidentifikator, r.release,
             r.marktlokations_ids, COALESCE(r.current, v.body) AS current, r.revision, r.created_at, r.updated_at
      FROM process_record r
      LEFT JOIN process_revision v ON v.record_id = r.id AND v.revision = 1`);
    await queryRunner.query(`ANALYZE process_revision`);
    await queryRunner.query(`ANALYZE process_update_body`);
  }

  /** Back to one plain table (every partition's rows; what retention dropped stays gone). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW process_state`);
    await queryRunner.query(`ALTER TABLE process_revision RENAME TO process_revision_partitioned`);
    await queryRunner.query(`ALTER TABLE process_revision_partitioned DROP CONSTRAINT pk_process_revision`);
    await queryRunner.query(`ALTER TABLE process_revision_partitioned DROP CONSTRAINT fk_process_revision_record`);
    await queryRunner.query(`ALTER TABLE process_revision_partitioned DROP CONSTRAINT ck_process_revision_operation`);
    await queryRunner.query(`ALTER TABLE process_revision_partitioned DROP CONSTRAINT ck_process_revision_update_hash`);
    await queryRunner.query(`DROP INDEX idx_process_revision_findings_received`);
    await queryRunner.query(`
      CREATE TABLE process_revision (
        record_id uuid NOT NULL CONSTRAINT fk_process_revision_record REFERENCES process_record (id),
        revision integer NOT NULL,
        operation varchar(16) NOT NULL CONSTRAINT ck_process_revision_operation CHECK (operation IN ('create', 'update', 'trigger')),
        pruefidentifikator text,
        release varchar(5) NOT NULL,
        body jsonb NOT NULL,
        body_sha256 bytea,
        token_subject text,
        request_id text,
        received_at timestamptz NOT NULL DEFAULT now(),
        findings jsonb NOT NULL DEFAULT '[]'::jsonb,
        matched_by varchar(32),
        CONSTRAINT pk_process_revision PRIMARY KEY (record_id, revision),
        CONSTRAINT ck_process_revision_update_hash CHECK (operation = 'create' OR body_sha256 IS NOT NULL)
      )`);
    await queryRunner.query(`
      INSERT INTO process_revision SELECT record_id, revision, operation, pruefidentifikator, release, body, body_sha256, token_subject,
        request_id, received_at, findings, matched_by FROM process_revision_partitioned`);
    await queryRunner.query(`DROP TABLE process_revision_partitioned`);
    await queryRunner.query(`DROP TABLE process_update_body`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_process_revision_update_body ON process_revision (record_id, body_sha256) WHERE operation = 'update'`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_revision_findings_received ON process_revision (received_at DESC, record_id DESC, revision DESC) WHERE findings <> '[]'::jsonb`,
    );
    await queryRunner.query(`
      CREATE VIEW process_state AS
      SELECT r.id, r.role, r.business_key, r.target_business_key, r.prozess_id, r.pruefidentifikator, r.release,
             r.marktlokations_ids, COALESCE(r.current, v.body) AS current, r.revision, r.created_at, r.updated_at
      FROM process_record r
      JOIN process_revision v ON v.record_id = r.id AND v.revision = 1`);
  }
}
