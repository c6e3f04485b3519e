import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An opaque refresh token, stored only as its SHA-256. Rotation keeps the family: presenting a
 * token that was already rotated (reuse) revokes every token of its family.
 */
@Entity({ name: 'refresh_tokens' })
@Index('refresh_tokens_family_idx', ['familyId'])
@Index('refresh_tokens_user_idx', ['userId'])
// The revocation list reads the families revoked within the last access-token lifetime.
@Index('refresh_tokens_revoked_idx', ['revokedAt'])
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Index('refresh_tokens_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
