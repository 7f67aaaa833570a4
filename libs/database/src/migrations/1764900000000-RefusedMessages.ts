import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quarantine: every write the service refused after authentication, kept verbatim (the raw bytes as received, up
 * to the body limit) with what it was answered. The middleware never retries a refused write, so this row is all the
 * company has of that message. `keys` holds an update's process keys: a refusal for unknown keys is re-resolved when
 * a later booking brings one of them (`state` open → resolved), others wait for an operator (resubmit or dismiss).
 */
export class RefusedMessages1764900000000 implements MigrationInterface {
  name = 'RefusedMessages1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE refused_message (
        id uuid PRIMARY KEY,
        role text NOT NULL,
        operation text NOT NULL CONSTRAINT ck_refused_message_operation CHECK (operation IN ('create', 'update')),
        path text NOT NULL,
        command text,
        content_type text,
        request_id text,
        token_subject text,
        received_at timestamptz NOT NULL DEFAULT statement_timestamp(),
        body bytea NOT NULL,
        body_size integer NOT NULL,
        status integer NOT NULL,
        code text NOT NULL,
        problem jsonb NOT NULL,
        pruefidentifikator text,
        keys text[] NOT NULL DEFAULT '{}',
        state text NOT NULL DEFAULT 'open' CONSTRAINT ck_refused_message_state CHECK (state IN ('open', 'resolved', 'dismissed')),
        resolved_at timestamptz,
        resolved_by text CONSTRAINT ck_refused_message_resolved_by CHECK (resolved_by IN ('resubmit', 'automatic')),
        resolved_business_key text,
        resolved_revision integer,
        dismissed_at timestamptz,
        dismissed_reason text,
        dismissed_by text
      )`);
    await queryRunner.query(
      `CREATE INDEX idx_refused_message_list ON refused_message (role, received_at DESC, id DESC)`,
    );
    // Only open refusals for unknown keys are ever looked up by key, in arrival order.
    await queryRunner.query(`
      CREATE INDEX idx_refused_message_waiting ON refused_message USING gin (keys)
      WHERE state = 'open' AND code = 'PROCESS_DATA.BUSINESS_KEY_UNKNOWN'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE refused_message`);
  }
}
