import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The role requests run as (`SET ROLE` per pooled connection, see DatabaseModule); the owner migrates and retains. */
export const SERVICE_ROLE_NAME = 'maco_service';

/** Tables a request may only add to and read: the archive of what was received. */
export const APPEND_ONLY_TABLES = ['process_revision', 'process_update_body'] as const;
/** Tables whose rows change with a process (state, keys, outbox, read model, identifications, quarantine). */
export const MUTABLE_TABLES = [
  'process_record',
  'process_key',
  'trigger_delivery',
  'business_object',
  'malo_ident_request',
  'refused_message',
] as const;

/**
 * Append-only by the database's own rights: requests run as `maco_service`, which may INSERT and SELECT revisions and
 * their bodies but not UPDATE, DELETE or TRUNCATE them, and owns nothing (no DDL). A partition is reached through
 * `process_revision` only, whose rights PostgreSQL checks; the partitions themselves grant it nothing. Roles belong to
 * the cluster: several databases (roles, tests) share the one role, each granting on its own tables.
 */
export class ServiceRole1765100000000 implements MigrationInterface {
  name = 'ServiceRole1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$ BEGIN
        CREATE ROLE ${SERVICE_ROLE_NAME} NOLOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
    // The owner must be a member to enter the role; a superuser is anyway.
    await queryRunner.query(`
      DO $$ BEGIN
        IF NOT pg_has_role(current_user, '${SERVICE_ROLE_NAME}', 'MEMBER') THEN
          EXECUTE format('GRANT ${SERVICE_ROLE_NAME} TO %I', current_user);
        END IF;
      END $$`);
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${SERVICE_ROLE_NAME}', current_schema()); END $$`,
    );
    await queryRunner.query(`GRANT SELECT, INSERT ON ${APPEND_ONLY_TABLES.join(', ')} TO ${SERVICE_ROLE_NAME}`);
    await queryRunner.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ${MUTABLE_TABLES.join(', ')} TO ${SERVICE_ROLE_NAME}`,
    );
    // Readiness compares the applied migrations with the build's.
    await queryRunner.query(`GRANT SELECT ON process_state, migrations TO ${SERVICE_ROLE_NAME}`);
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO ${SERVICE_ROLE_NAME}', current_schema()); END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `REVOKE ALL ON ${[...APPEND_ONLY_TABLES, ...MUTABLE_TABLES, 'process_state', 'migrations'].join(', ')} FROM ${SERVICE_ROLE_NAME}`,
    );
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %1$I FROM ${SERVICE_ROLE_NAME}; REVOKE USAGE ON SCHEMA %1$I FROM ${SERVICE_ROLE_NAME}', current_schema()); END $$`,
    );
  }
}
