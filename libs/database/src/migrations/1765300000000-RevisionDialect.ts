import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each revision records the BO4E dialect its body came in (`de`, or the vendor's English `en`); the body itself stays
 * as received. A constant default: PostgreSQL adds the column without rewriting a partition. Not part of the revision's
 * hash: the body's hash already covers what decides it (its top-level containers).
 */
export class RevisionDialect1765300000000 implements MigrationInterface {
  name = 'RevisionDialect1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_revision ADD COLUMN dialect text NOT NULL DEFAULT 'de'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_revision DROP COLUMN dialect`);
  }
}
