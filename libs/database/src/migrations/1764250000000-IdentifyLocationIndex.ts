import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `POST /identifyLocation` by address: the postcode is the selective address field, so it gets an expression index. Ids go through the GIN on `locations`; the other address and name fields are checked on
 * the rows these indexes (or role and kind) find (docs/read-model.md, "Identifying locations").
 */
export class IdentifyLocationIndex1764250000000 implements MigrationInterface {
  name = 'IdentifyLocationIndex1764250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX idx_business_object_postcode ON business_object (role, kind, lower(body #>> '{lokationsadresse,postleitzahl}'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX idx_business_object_postcode`);
  }
}
