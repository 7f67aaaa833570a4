import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every revision of a record is received between the record's `created_at` and `updated_at`; the reads rely on it to
 * read only the partitions of those months (`revisionOfRecord`). The statements keep it from now on (an update's
 * revision is received at its statement's start and `updated_at` never goes back). Before, an update that waited for
 * the row lock stamped its revision and `updated_at` with its transaction's start, which could lie before a concurrent
 * update's: this widens the times of the records where that happened, so no revision is left outside.
 */
export class RevisionTimesWithinRecordTimes1764800000000 implements MigrationInterface {
  name = 'RevisionTimesWithinRecordTimes1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE process_record r SET created_at = LEAST(r.created_at, m.first), updated_at = GREATEST(r.updated_at, m.last)
      FROM (SELECT record_id, min(received_at) AS first, max(received_at) AS last FROM process_revision GROUP BY record_id) m
      WHERE r.id = m.record_id AND (m.first < r.created_at OR m.last > r.updated_at)`);
  }

  async down(): Promise<void> {
    // Nothing to undo: the times only widened to cover the revisions the records have.
  }
}
