import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the foreign keys of the rows every booking writes (`process_revision`, `process_update_body`) to their record.
 * Each cost an RI check per row: an index probe of `process_record` and a KEY SHARE lock that writes the record's
 * tuple header (and WAL) once more per booking. The statements keep the integrity instead: a revision or update hash is
 * only ever written by the statement that inserts its record (the create) or that updates it (`UPDATE … RETURNING`
 * feeds the inserts), and records are never deleted. The reliability suites check after their load that no row lacks
 * its record (`expectNoOrphanRows` in @maco/testing).
 */
export class RevisionsWithoutForeignKeys1764700000000 implements MigrationInterface {
  name = 'RevisionsWithoutForeignKeys1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_revision DROP CONSTRAINT fk_process_revision_record`);
    await queryRunner.query(`ALTER TABLE process_update_body DROP CONSTRAINT fk_process_update_body_record`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE process_update_body ADD CONSTRAINT fk_process_update_body_record FOREIGN KEY (record_id) REFERENCES process_record (id)`,
    );
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT fk_process_revision_record FOREIGN KEY (record_id) REFERENCES process_record (id)`,
    );
  }
}
