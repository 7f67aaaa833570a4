import { withClient } from './test-database';

/**
 * Rows of the booking tables whose record is missing. The rows every booking writes have no foreign key (migration
 * RevisionsWithoutForeignKeys): the statements keep this integrity, and the load suites check it after their load.
 */
export async function orphanRows(
  databaseUrl: string,
): Promise<{ revisions: number; updateBodies: number; outsideRecordTimes: number }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ revisions: number; update_bodies: number; outside: number }>(`
      SELECT
        (SELECT count(*)::int FROM process_revision v WHERE NOT EXISTS (SELECT 1 FROM process_record r WHERE r.id = v.record_id)) AS revisions,
        (SELECT count(*)::int FROM process_update_body b WHERE NOT EXISTS (SELECT 1 FROM process_record r WHERE r.id = b.record_id)) AS update_bodies,
        (SELECT count(*)::int FROM process_revision v JOIN process_record r ON r.id = v.record_id
          WHERE v.received_at NOT BETWEEN r.created_at AND r.updated_at) AS outside`);
    return { revisions: rows[0].revisions, updateBodies: rows[0].update_bodies, outsideRecordTimes: rows[0].outside };
  });
}

/**
 * Fails when any revision or update hash lacks its record, or a revision was received outside its record's
 * `created_at`…`updated_at` (the reads find revisions in those months only: `revisionOfRecord` in @maco/database); also
 * when the database holds no revision at all.
 */
export async function expectNoOrphanRows(databaseUrl: string): Promise<void> {
  const orphans = await orphanRows(databaseUrl);
  if (orphans.revisions !== 0 || orphans.updateBodies !== 0 || orphans.outsideRecordTimes !== 0) {
    throw new Error(
      `rows without their record: ${orphans.revisions} revisions, ${orphans.updateBodies} update hashes; ` +
        `revisions outside their record's times: ${orphans.outsideRecordTimes}`,
    );
  }
  const revisions = await withClient(
    databaseUrl,
    async (client) => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM process_revision`)).rows[0].n,
  );
  if (revisions === 0) throw new Error('no revision booked: nothing was checked');
}
