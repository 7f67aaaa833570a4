import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The numbers a deadline's request is known by (its `vorgangsnummer`, `dokumentennummer`): an answer that refers to one
 * of them (`anfragereferenznummer`, `auftragsReferenz`) meets that request's deadline only, where two open deadlines
 * share answer PIs. Null on deadlines started before. A nullable column without a default: no rewrite.
 */
export class DeadlineRequestReferences1765700000000 implements MigrationInterface {
  name = 'DeadlineRequestReferences1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_deadline ADD COLUMN request_references text[]`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE process_deadline DROP COLUMN request_references`);
  }
}
