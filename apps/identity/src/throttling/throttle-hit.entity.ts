import { CreateDateColumn, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One counted event (a failed sign-in, a code sent, a form submitted) for a throttled key.
 * The key (an email, a client address, a user id) is stored only as its SHA-256.
 */
@Entity({ name: 'throttle_hits' })
@Index('throttle_hits_key_idx', ['bucket', 'keyHash', 'createdAt'])
export class ThrottleHitEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  bucket!: string;

  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  @Index('throttle_hits_created_idx')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
