import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `POST /identifyLocation` searches a MeLo by its `messadresse`: its postcode gets an expression index as the
 * `lokationsadresse` one has. Partial, like that one: it holds only objects with such a postcode (BO4E gives a
 * `messadresse` only where it differs from the MaLo's address), costs the others nothing and never competes with
 * `idx_business_object_identity` for the projection's latest-version lookup (docs/performance.md).
 */
export class MeterLocationPostcodeIndex1765000000000 implements MigrationInterface {
  name = 'MeterLocationPostcodeIndex1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX idx_business_object_meter_postcode ON business_object (role, kind, lower(body #>> '{messadresse,postleitzahl}'))
      WHERE lower(body #>> '{messadresse,postleitzahl}') IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_business_object_meter_postcode`);
  }
}
