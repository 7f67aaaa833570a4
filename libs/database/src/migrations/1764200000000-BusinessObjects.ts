import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of the BO4E reads: one row per version of a business object of a role, appended by the statement
 * that books it (columns and how versions resolve: docs/read-model.md). No foreign key to process_record: the booking
 * path stays one cheap statement, and records are never deleted.
 */
export class BusinessObjects1764200000000 implements MigrationInterface {
  name = 'BusinessObjects1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE business_object (
        id bigint GENERATED ALWAYS AS IDENTITY CONSTRAINT pk_business_object PRIMARY KEY,
        role varchar(3) NOT NULL CONSTRAINT ck_business_object_role CHECK (role IN ('LF', 'NB', 'MSB')),
        kind varchar(64) NOT NULL,
        object_id varchar(256) NOT NULL,
        valid tstzrange NOT NULL,
        effective_from timestamptz NOT NULL,
        locations text[] NOT NULL,
        body jsonb NOT NULL,
        source varchar(16) NOT NULL CONSTRAINT ck_business_object_source CHECK (source IN ('booking', 'import')),
        record_id uuid,
        revision integer,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX idx_business_object_identity ON business_object (role, kind, object_id, id)`);
    await queryRunner.query(`CREATE INDEX idx_business_object_locations ON business_object USING gin (locations)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE business_object`);
  }
}
