import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The postcode index holds only objects that have a postcode. As a full index on (role, kind, …) it competed with
 * `idx_business_object_identity` for "the latest version of (role, kind, object_id)": with statistics lagging a fast
 * growing table the planner took it and filtered every version of the kind (docs/performance.md, "Projection on the
 * booking path and the import"). Partial, it serves only queries that name a postcode (`lower(…) = $n` implies it
 * is not null), and objects without one cost no entry.
 */
export class PartialPostcodeIndex1764300000000 implements MigrationInterface {
  name = 'PartialPostcodeIndex1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_business_object_postcode`);
    await queryRunner.query(`
      CREATE INDEX idx_business_object_postcode ON business_object (role, kind, lower(body #>> '{lokationsadresse,postleitzahl}'))
      WHERE lower(body #>> '{lokationsadresse,postleitzahl}') IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_business_object_postcode`);
    await queryRunner.query(
      `CREATE INDEX idx_business_object_postcode ON business_object (role, kind, lower(body #>> '{lokationsadresse,postleitzahl}'))`,
    );
  }
}
