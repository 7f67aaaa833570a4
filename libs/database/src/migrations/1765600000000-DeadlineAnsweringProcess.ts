import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which process brought a deadline's answer: its own, or another of its chain (a sub-process created with
 * `targetBusinessKey`, a trigger sent with it). Null on answers recorded before: those were the process's own. A
 * nullable column without a default: no rewrite.
 */
export class DeadlineAnsweringProcess1765600000000 implements MigrationInterface {
  name = 'DeadlineAnsweringProcess1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_deadline ADD COLUMN answered_record_id uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_deadline DROP COLUMN answered_record_id`);
  }
}
