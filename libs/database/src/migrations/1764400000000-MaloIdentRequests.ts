import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of the MaLo identifications (`POST /identifyMarketlocation`): per role and idempotency key
 * (`idempodenzschluessel`, else `vorgangsnummer`) one row with who asked (token subject), when, the request and the
 * answer (candidates and their flags). The unique key makes a retry return the recorded answer.
 */
export class MaloIdentRequests1764400000000 implements MigrationInterface {
  name = 'MaloIdentRequests1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE malo_ident_request (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        role text NOT NULL,
        idempotency_key text NOT NULL,
        vorgangsnummer text,
        token_subject text,
        received_at timestamptz NOT NULL DEFAULT now(),
        request jsonb NOT NULL,
        answer jsonb NOT NULL,
        candidate_count integer NOT NULL,
        CONSTRAINT uq_malo_ident_request_role_key UNIQUE (role, idempotency_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE malo_ident_request`);
  }
}
