import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What an entry is: money in from members, or out (refunds, assistance paid). */
export type LedgerKind =
  | 'registration_fee'
  | 'dues'
  | 'member_fee'
  | 'offline_payment'
  | 'uncounted_payment'
  | 'refund'
  | 'assistance';

/**
 * The fund's books: one append-only row per amount in (positive) or out (negative), each linked
 * to its source. Rows are written by triggers on `payments` and `assistance_payouts` in the
 * transaction of the source's change (see the migration); the database refuses to update or
 * delete them, and `source_key` makes a source count once. The balance is the sum of `amount`.
 */
@Entity({ name: 'ledger_entries' })
@Index('ledger_entries_occurred_idx', ['occurredAt', 'id'])
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'ledger_entries_pkey' })
  id!: string;

  /** `payment:<id>`, `refund:<payment id>` or `payout:<id>`: one entry per source. */
  @Index('ledger_entries_source_key_idx', { unique: true })
  @Column({ name: 'source_key', type: 'varchar', length: 80 })
  sourceKey!: string;

  @Column({ type: 'varchar', length: 24 })
  kind!: LedgerKind;

  /** Cents: positive in, negative out, never 0. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  /** The member the money came from or went for. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId!: string | null;

  @Column({ name: 'payout_id', type: 'uuid', nullable: true })
  payoutId!: string | null;

  /** When the money moved (a payment's time; a payout's paid date). */
  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
