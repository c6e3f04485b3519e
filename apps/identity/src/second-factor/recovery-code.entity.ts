import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One of an account's recovery codes, stored as its SHA-256 (60 random bits: not guessable
 * within the sign-in throttle, and a copy of the database shows none). Used once.
 */
@Entity({ name: 'recovery_codes' })
@Index('recovery_codes_user_idx', ['userId'])
export class RecoveryCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
