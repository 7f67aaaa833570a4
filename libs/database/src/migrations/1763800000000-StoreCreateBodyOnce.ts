import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Makes a create cheaper for the database (docs/performance.md, "What moved the numbers"):
 * - a booking wrote its body twice, as revision 1 and as the record's `current` state. `current` now stays NULL
 *   until an update changes the state (the state is then revision 1's body; view `process_state` resolves it);
 * - only updates need a body hash (to recognise a replayed update); a replayed create is recognised by comparing
 *   jsonb values, so creates store none and the uniqueness of hashes is enforced for updates only;
 * - bodies are compressed with lz4 where the server has it (much cheaper than pglz); builds without it keep pglz.
 */
export class StoreCreateBodyOnce1763800000000 implements MigrationInterface {
  name = 'StoreCreateBodyOnce1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_record ALTER COLUMN current DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE process_revision ALTER COLUMN body_sha256 DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE process_revision DROP CONSTRAINT uq_process_revision_body`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX uq_process_revision_update_body ON process_revision (record_id, body_sha256) WHERE operation = 'update'`,
    );
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT ck_process_revision_update_hash CHECK (operation = 'create' OR body_sha256 IS NOT NULL)`,
    );
    await queryRunner.query(`
      UPDATE process_record r SET current = NULL
      FROM process_revision v
      WHERE v.record_id = r.id AND v.revision = 1 AND r.revision = 1 AND r.current = v.body`);
    await queryRunner.query(`
      CREATE VIEW process_state AS
      SELECT r.id, r.role, r.business_key, r.target_business_key, r.prozess_id, r.pruefidentifikator, r.release,
             r.marktlokations_ids, COALESCE(r.current, v.body) AS current, r.revision, r.created_at, r.updated_at
      FROM process_record r
      JOIN process_revision v ON v.record_id = r.id AND v.revision = 1`);
    await queryRunner.query(`
      DO $$
      BEGIN
        ALTER TABLE process_revision ALTER COLUMN body SET COMPRESSION lz4;
        ALTER TABLE process_record ALTER COLUMN current SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
        RAISE NOTICE 'lz4 is not available on this server: bodies stay compressed with pglz';
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW process_state`);
    await queryRunner.query(`ALTER TABLE process_revision DROP CONSTRAINT ck_process_revision_update_hash`);
    await queryRunner.query(`DROP INDEX uq_process_revision_update_body`);
    await queryRunner.query(
      `UPDATE process_revision SET body_sha256 = sha256(convert_to(body::text, 'UTF8')) WHERE body_sha256 IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE process_revision ALTER COLUMN body_sha256 SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT uq_process_revision_body UNIQUE (record_id, operation, body_sha256)`,
    );
    await queryRunner.query(`
      UPDATE process_record r SET current = v.body
      FROM process_revision v WHERE v.record_id = r.id AND v.revision = 1 AND r.current IS NULL`);
    await queryRunner.query(`ALTER TABLE process_record ALTER COLUMN current SET NOT NULL`);
  }
}
