import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SERVICE_ROLE_NAME } from './1765100000000-ServiceRole';

/**
 * The answer deadlines a process owes the market (issue "Operators see what is due"): one row per request a deadline
 * rule starts, written with the booking that brought the request, met or missed by the booking of an answer on the
 * same process. Open ones past their due are marked missed by a sweep. Soonest first per role and state.
 */
export class ProcessDeadlines1765400000000 implements MigrationInterface {
  name = 'ProcessDeadlines1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE process_deadline (
        record_id uuid NOT NULL,
        rule varchar(64) NOT NULL,
        request_revision integer NOT NULL,
        role varchar(3) NOT NULL,
        transmitted_at timestamptz NOT NULL,
        due timestamptz NOT NULL,
        state varchar(8) NOT NULL DEFAULT 'open' CONSTRAINT ck_process_deadline_state CHECK (state IN ('open', 'met', 'missed')),
        answered_pi varchar(5),
        answered_revision integer,
        answered_at timestamptz,
        CONSTRAINT pk_process_deadline PRIMARY KEY (record_id, rule, request_revision)
      )`);
    await queryRunner.query(`CREATE INDEX idx_process_deadline_due ON process_deadline (role, state, due)`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE ON process_deadline TO ${SERVICE_ROLE_NAME}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE process_deadline`);
  }
}
