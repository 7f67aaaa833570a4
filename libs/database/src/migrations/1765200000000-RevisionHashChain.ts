import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hash of a revision: SHA-256 over the previous revision's hash, the hash of the body's canonical text (jsonb's)
 * and the revision's other columns as a JSON array (received_at in microseconds, so no time zone setting changes it).
 * The booking statements call it, and so does the verification (`npm run verify-archive`): one definition of the chain.
 */
export const REVISION_HASH_FUNCTION = `
  CREATE OR REPLACE FUNCTION maco_revision_hash(
    previous bytea, record_id uuid, revision integer, operation text, pruefidentifikator text, release text,
    body_sha256 bytea, token_subject text, request_id text, findings jsonb, matched_by text, received_at timestamptz
  ) RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT sha256(coalesce(previous, ''::bytea) || body_sha256 || convert_to(jsonb_build_array(
      record_id, revision, operation, pruefidentifikator, release, token_subject, request_id, findings, matched_by,
      (extract(epoch FROM received_at) * 1000000)::bigint
    )::text, 'UTF8'))
  $$`;

/**
 * A tamper-evident archive: each revision carries `chain_hash` over its content and its process's previous revision's
 * hash; the record keeps its latest one, so the booking statement chains the next revision without reading the last.
 * Per process, not per day across processes: a process's revisions are already written one at a time (its row lock or
 * revision check), whereas one chain for all would make every booking wait for the one before it.
 * The revisions booked before are chained here, in revision order per process; creates get their body's hash too.
 */
export class RevisionHashChain1765200000000 implements MigrationInterface {
  name = 'RevisionHashChain1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_revision ADD COLUMN chain_hash bytea`);
    await queryRunner.query(`ALTER TABLE process_record ADD COLUMN chain_hash bytea`);
    await queryRunner.query(REVISION_HASH_FUNCTION);
    await queryRunner.query(
      `UPDATE process_revision SET body_sha256 = sha256(convert_to(body::text, 'UTF8')) WHERE body_sha256 IS NULL`,
    );
    await queryRunner.query(`
      DO $$
      DECLARE
        current_record uuid;
        previous bytea;
        row record;
      BEGIN
        FOR row IN SELECT * FROM process_revision ORDER BY record_id, revision LOOP
          IF current_record IS DISTINCT FROM row.record_id THEN
            current_record := row.record_id;
            previous := NULL;
          END IF;
          previous := maco_revision_hash(previous, row.record_id, row.revision, row.operation, row.pruefidentifikator, row.release,
            row.body_sha256, row.token_subject, row.request_id, row.findings, row.matched_by, row.received_at);
          UPDATE process_revision SET chain_hash = previous
          WHERE record_id = row.record_id AND revision = row.revision AND received_at = row.received_at;
        END LOOP;
      END $$`);
    await queryRunner.query(`
      UPDATE process_record r SET chain_hash = v.chain_hash
      FROM process_revision v WHERE v.record_id = r.id AND v.revision = r.revision`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_record DROP COLUMN chain_hash`);
    await queryRunner.query(`ALTER TABLE process_revision DROP COLUMN chain_hash`);
    await queryRunner.query(`DROP FUNCTION maco_revision_hash`);
  }
}
