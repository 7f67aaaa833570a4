import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the operator console's lists read, newest first with keyset pagination, so each page stops after `limit` rows.
 * The (role, PI) index replaces the plain (role, pruefidentifikator) one it covers, so a booking maintains one index
 * more, not two; the partial ones cost bookings without a status or findings nothing.
 */
export class OperatorConsoleIndexes1764500000000 implements MigrationInterface {
  name = 'OperatorConsoleIndexes1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX idx_process_record_created ON process_record (role, created_at DESC, business_key DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_record_pi_created ON process_record (role, pruefidentifikator, created_at DESC, business_key DESC)`,
    );
    await queryRunner.query(`DROP INDEX idx_process_record_pruefidentifikator`);
    await queryRunner.query(
      `CREATE INDEX idx_process_record_status_created ON process_record (role, status, created_at DESC, business_key DESC) WHERE status IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_trigger_delivery_created ON trigger_delivery (role, created_at DESC, record_id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_process_revision_findings_received ON process_revision (received_at DESC, record_id DESC, revision DESC) WHERE findings <> '[]'::jsonb`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_process_revision_findings_received`);
    await queryRunner.query(`DROP INDEX idx_trigger_delivery_created`);
    await queryRunner.query(`DROP INDEX idx_process_record_status_created`);
    await queryRunner.query(
      `CREATE INDEX idx_process_record_pruefidentifikator ON process_record (role, pruefidentifikator)`,
    );
    await queryRunner.query(`DROP INDEX idx_process_record_pi_created`);
    await queryRunner.query(`DROP INDEX idx_process_record_created`);
  }
}
