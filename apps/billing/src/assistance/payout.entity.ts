import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { PayoutMethod, PayeeKind, PayoutStatus } from '@jibs/domain';

/** What a payout pays of one claim line. */
export interface PayoutLine {
  lineId: string;
  amount: number;
}

/**
 * A burial-assistance payout: proposed by an admin, approved by a different one when above the
 * threshold, then marked paid (the ledger's out entry is written by a trigger in that update).
 */
@Entity({ name: 'assistance_payouts' })
@Index('assistance_payouts_report_idx', ['reportId'])
@Index('assistance_payouts_user_idx', ['userId'])
export class PayoutEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'assistance_payouts_pkey' })
  id!: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  /** The member whose report it is (the family). */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'jsonb' })
  lines!: PayoutLine[];

  /** Cents, the sum of the lines. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'varchar', length: 16 })
  payee!: PayeeKind;

  @Column({ name: 'payee_name', type: 'varchar', length: 200 })
  payeeName!: string;

  @Column({ type: 'varchar', length: 16 })
  method!: PayoutMethod;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reference!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: PayoutStatus;

  @Column({ name: 'needs_second_approval', type: 'boolean' })
  needsSecondApproval!: boolean;

  @Column({ name: 'proposed_by', type: 'uuid' })
  proposedBy!: string;

  @Column({ name: 'approved_by', type: 'uuid', nullable: true })
  approvedBy!: string | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt!: Date | null;

  @Column({ name: 'paid_by', type: 'uuid', nullable: true })
  paidBy!: string | null;

  /** The day the money left (YYYY-MM-DD). */
  @Column({ name: 'paid_on', type: 'date', nullable: true })
  paidOn!: string | null;

  @Column({ name: 'paid_reference', type: 'varchar', length: 100, nullable: true })
  paidReference!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
