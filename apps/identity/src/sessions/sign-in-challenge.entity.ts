import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { SignInChallengeKind } from './sign-in-challenge-kind';

/**
 * The second step of a sign-in whose password was right: an opaque token (stored as its
 * SHA-256) that, with the authenticator's code (or a texted one, or a recovery code), becomes a session once, within ten minutes.
 */
@Entity({ name: 'sign_in_challenges' })
@Index('sign_in_challenges_user_idx', ['userId'])
export class SignInChallengeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: SignInChallengeKind;

  @Index('sign_in_challenges_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  /** SMS_CODE: the code texted for this challenge, hashed (see one-time-code). */
  @Column({ name: 'code_hash', type: 'varchar', length: 128, nullable: true })
  codeHash!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
