import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the AHB check found on a booking (unlisted PI, missing mandatory fields), kept with the revision. */
export class RevisionFindings1763900000000 implements MigrationInterface {
  name = 'RevisionFindings1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_revision ADD COLUMN findings jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_revision DROP COLUMN findings`);
  }
}
