import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox of triggers (processes the backend starts at the middleware), booked in the transaction that books the
 * process, delivered by the request or later by a worker. A delivery is claimed by a lease (`locked_until`,
 * `lease_token`) so two instances never send one trigger at the same time.
 */
export class TriggerDelivery1764100000000 implements MigrationInterface {
  name = 'TriggerDelivery1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE trigger_delivery (
        record_id uuid PRIMARY KEY CONSTRAINT fk_trigger_delivery_record REFERENCES process_record (id),
        role varchar(3) NOT NULL,
        eventname varchar(64) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        lease_token uuid,
        last_error text,
        error_code text,
        error_message text,
        delivered_at timestamptz,
        failed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_trigger_delivery_outcome CHECK (delivered_at IS NULL OR failed_at IS NULL)
      )`);
    // Only open deliveries are ever searched for work: the index stays as small as the backlog.
    await queryRunner.query(
      `CREATE INDEX idx_trigger_delivery_due ON trigger_delivery (role, next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE trigger_delivery`);
  }
}
