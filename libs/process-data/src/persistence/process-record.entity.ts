import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One business process of one market role: its booked state after all updates. */
@Entity({ name: 'process_record' })
@Index('uq_process_record_role_business_key', ['role', 'businessKey'], { unique: true })
export class ProcessRecordEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 3 })
  role: string;

  @Column({ name: 'business_key', type: 'text' })
  businessKey: string;

  @Column({ name: 'target_business_key', type: 'text', nullable: true })
  targetBusinessKey: string | null;

  @Column({ name: 'prozess_id', type: 'text', nullable: true })
  prozessId: string | null;

  @Column({ type: 'text', nullable: true })
  pruefidentifikator: string | null;

  @Column({ type: 'varchar', length: 5 })
  release: string;

  @Column({ name: 'marktlokations_ids', type: 'text', array: true, default: () => "'{}'" })
  marktlokationsIds: string[];

  /** The state after updates; null while it is still revision 1's body (read it through the view `process_state`). */
  @Column({ type: 'jsonb', nullable: true })
  current: Record<string, unknown> | null;

  @Column({ type: 'integer' })
  revision: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
