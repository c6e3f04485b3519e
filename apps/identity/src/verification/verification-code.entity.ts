import { Column, Entity, PrimaryColumn } from 'typeorm';
import { VerificationMethod } from '@jibs/domain';

/**
 * The one live verification code of an account (a new one replaces it), stored only as a
 * salted hash. It dies when used, when it expires, or after too many wrong tries.
 */
@Entity({ name: 'verification_codes' })
export class VerificationCodeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 8 })
  method!: VerificationMethod;

  @Column({ name: 'code_hash', type: 'varchar', length: 128 })
  codeHash!: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Tries so far, the right one included. */
  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
