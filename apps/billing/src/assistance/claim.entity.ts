import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PayeeKind } from '@jibs/domain';

/** One expense line of a claim, as cases published it. */
export interface ClaimLine {
  lineId: string;
  category: string;
  amount: number;
  payee: PayeeKind;
  documentId: string;
}

/**
 * Billing's copy of an approved report's claim, kept from `claim.updated` (cases owns it): a
 * row exists only for an approved report; the newest event wins.
 */
@Entity({ name: 'assistance_claims' })
export class ClaimEntity {
  @PrimaryColumn({
    name: 'report_id',
    type: 'uuid',
    primaryKeyConstraintName: 'assistance_claims_pkey',
  })
  reportId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'boolean' })
  covered!: boolean;

  @Column({ name: 'window_override', type: 'boolean' })
  windowOverride!: boolean;

  @Column({ type: 'jsonb' })
  lines!: ClaimLine[];

  /** Cents: the sum of the lines' invoices. */
  @Column({ type: 'int' })
  total!: number;

  /** The first `claim.updated` (the report's approval): the claim's date. */
  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt!: Date;

  /** The applied event's time, so an older event delivered late never wins. */
  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt!: Date;
}
