import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@jibs/domain';

/**
 * A sign-up waiting for the code emailed to its address. The account is created only when the
 * code comes back, so nobody can hold an address they cannot read. A sign-up naming an address
 * already registered is stored too, without fields and with a code nobody was sent: it answers
 * exactly like a real one and can never be completed.
 */
@Entity({ name: 'sign_up_codes' })
export class SignUpCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('sign_up_codes_token_key', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'code_hash', type: 'varchar', length: 128 })
  codeHash!: string;

  /** The validated sign-up with the password's hash; null for an address already registered. */
  @Column({ type: 'jsonb', nullable: true })
  pending!: PendingSignUp | null;

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  /**
   * The account the code created: the same token and code, again before expiry, sign in to it
   * (a completion whose answer was lost is retried).
   */
  @Column({ name: 'account_id', type: 'uuid', nullable: true })
  accountId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export interface PendingSignUp {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zipCode: string;
  isUsCitizen: boolean;
  /** Absent in sign-ups stored before languages: those create an English account. */
  language?: Language;
}
