import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /bookings/summary` counts the revisions received in [from, to): without an index led by `received_at` it read
 * the whole month partition (or, with generic plans, the whole primary key). Revisions are appended in the order they
 * are received, so a BRIN index (the smallest and largest `received_at` of every 128 heap pages) finds the block
 * ranges of a window: ≈ 60 kB per 2 M revisions, and a booking only extends the summary of the range it writes to, if
 * that range is summarised at all (docs/performance/2026-11-28-bookings-summary.md).
 *
 * Created on the partitioned table: every existing partition gets its own index, and a partition created later
 * (`createRevisionPartitionSql`: `CREATE TABLE … PARTITION OF process_revision`) inherits it. New pages at a partition's
 * end stay unsummarised until (auto)vacuum summarises them; a scan reads unsummarised ranges whole, which for the recent
 * windows the summary asks for are read anyway. Not `autosummarize`: at the booking rates of docs/performance.md its
 * per-range work items would overrun autovacuum's queue and log each one it drops.
 */
export class RevisionReceivedAtBrin1765500000000 implements MigrationInterface {
  name = 'RevisionReceivedAtBrin1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX idx_process_revision_received_brin ON process_revision USING brin (received_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_process_revision_received_brin`);
  }
}
