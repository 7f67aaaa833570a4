import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One accepted request, append-only: the body exactly as received. */
@Entity({ name: 'process_revision' })
export class ProcessRevisionEntity {
  @PrimaryColumn({ name: 'record_id', type: 'uuid' })
  recordId: string;

  @PrimaryColumn({ type: 'integer' })
  revision: number;

  @Column({ type: 'varchar', length: 6 })
  operation: 'create' | 'update';

  @Column({ type: 'text', nullable: true })
  pruefidentifikator: string | null;

  @Column({ type: 'varchar', length: 5 })
  release: string;

  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  /** SHA-256 of the body's canonical jsonb text; updates only (a replayed create is found by comparing bodies). */
  @Column({ name: 'body_sha256', type: 'bytea', nullable: true })
  bodySha256: Buffer | null;

  /** What the AHB check found: unlisted PI, missing mandatory fields. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  findings: { code: string; pointer: string; message: string }[];

  @Column({ name: 'token_subject', type: 'text', nullable: true })
  tokenSubject: string | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}
