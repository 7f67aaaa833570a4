import type { MigrationInterface, QueryRunner } from 'typeorm';

/** process_record holds one booked process per role; process_revision every accepted request, append-only. */
export class CreateProcessTables1763700000000 implements MigrationInterface {
  name = 'CreateProcessTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE process_record (
        id uuid PRIMARY KEY,
        role varchar(3) NOT NULL CONSTRAINT ck_process_record_role CHECK (role IN ('LF', 'NB', 'MSB')),
        business_key text NOT NULL,
        target_business_key text,
        prozess_id text,
        pruefidentifikator text,
        release varchar(5) NOT NULL,
        marktlokations_ids text[] NOT NULL DEFAULT '{}',
        current jsonb NOT NULL,
        revision integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_process_record_role_business_key UNIQUE (role, business_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX idx_process_record_target_business_key ON process_record (role, target_business_key) WHERE target_business_key IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_record_prozess_id ON process_record (role, prozess_id) WHERE prozess_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_record_pruefidentifikator ON process_record (role, pruefidentifikator)`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_record_marktlokations_ids ON process_record USING gin (marktlokations_ids)`,
    );
    await queryRunner.query(`
      CREATE TABLE process_revision (
        record_id uuid NOT NULL CONSTRAINT fk_process_revision_record REFERENCES process_record (id),
        revision integer NOT NULL,
        operation varchar(6) NOT NULL CONSTRAINT ck_process_revision_operation CHECK (operation IN ('create', 'update')),
        pruefidentifikator text,
        release varchar(5) NOT NULL,
        body jsonb NOT NULL,
        body_sha256 bytea NOT NULL,
        token_subject text,
        request_id text,
        received_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_process_revision PRIMARY KEY (record_id, revision),
        CONSTRAINT uq_process_revision_body UNIQUE (record_id, operation, body_sha256)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE process_revision`);
    await queryRunner.query(`DROP TABLE process_record`);
  }
}
