import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Process chains: every key a process carries besides its own business key (our `prozessId` of a trigger, the
 * middleware's business key for it, the business keys of sub-processes that answered), unique per role; which key an
 * update was matched by; the delivery state of processes the backend started (triggers).
 */
export class ProcessKeys1764000000000 implements MigrationInterface {
  name = 'ProcessKeys1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE process_key (
        role varchar(3) NOT NULL,
        key text NOT NULL,
        record_id uuid NOT NULL CONSTRAINT fk_process_key_record REFERENCES process_record (id),
        kind varchar(32) NOT NULL CONSTRAINT ck_process_key_kind CHECK (kind IN ('prozessId', 'subProcessBusinessKey', 'triggerBusinessKey')),
        first_revision integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_process_key PRIMARY KEY (role, key)
      )`);
    await queryRunner.query(`CREATE INDEX idx_process_key_record ON process_key (record_id)`);
    // A create's prozessId stays on the record (revision 1); from now on the ones updates bring are keys.
    await queryRunner.query(`
      INSERT INTO process_key (role, key, record_id, kind, first_revision)
      SELECT role, prozess_id, id, 'prozessId', 1 FROM process_record WHERE prozess_id IS NOT NULL
      ON CONFLICT (role, key) DO NOTHING`);
    await queryRunner.query(
      `ALTER TABLE process_record ADD COLUMN status varchar(16) CONSTRAINT ck_process_record_status CHECK (status IN ('pending', 'sent', 'failed'))`,
    );
    await queryRunner.query(`ALTER TABLE process_revision ADD COLUMN matched_by varchar(32)`);
    await queryRunner.query(`ALTER TABLE process_revision ALTER COLUMN operation TYPE varchar(16)`);
    await queryRunner.query(`ALTER TABLE process_revision DROP CONSTRAINT ck_process_revision_operation`);
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT ck_process_revision_operation CHECK (operation IN ('create', 'update', 'trigger'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM process_revision WHERE operation = 'trigger'`);
    await queryRunner.query(`ALTER TABLE process_revision DROP CONSTRAINT ck_process_revision_operation`);
    await queryRunner.query(
      `ALTER TABLE process_revision ADD CONSTRAINT ck_process_revision_operation CHECK (operation IN ('create', 'update'))`,
    );
    await queryRunner.query(`ALTER TABLE process_revision ALTER COLUMN operation TYPE varchar(6)`);
    await queryRunner.query(`ALTER TABLE process_revision DROP COLUMN matched_by`);
    await queryRunner.query(`ALTER TABLE process_record DROP COLUMN status`);
    await queryRunner.query(`DROP TABLE process_key`);
  }
}
