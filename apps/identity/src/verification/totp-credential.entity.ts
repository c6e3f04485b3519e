import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * An account's authenticator app. A new secret waits in `pendingSecret` until a code from the
 * app confirms it; only setupTotp ever returns a secret, and only the pending one.
 */
@Entity({ name: 'totp_credentials' })
export class TotpCredentialEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The confirmed, active secret: base32, sealed with TOTP_ENCRYPTION_KEY (SecretBox). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  secret!: string | null;

  /** Sealed like `secret`. */
  @Column({ name: 'pending_secret', type: 'varchar', length: 255, nullable: true })
  pendingSecret!: string | null;

  /** The 30-second time step of the last code accepted: a code is never accepted twice. */
  @Column({ name: 'last_time_step', type: 'integer', nullable: true })
  lastTimeStep!: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
