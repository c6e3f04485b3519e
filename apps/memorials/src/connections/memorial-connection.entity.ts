import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A family member connected to a memorial (spec: memorial_connections). Invited by email; the
 * user id is set when the invitee, signed in with that address, accepts.
 */
@Entity({ name: 'memorial_connections' })
@Index('memorial_connections_memorial_email_idx', ['memorialId', 'invitedEmail'], { unique: true })
@Index('memorial_connections_user_idx', ['userId'])
@Index('memorial_connections_email_idx', ['invitedEmail'])
export class MemorialConnectionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'memorial_id', type: 'uuid' })
  memorialId!: string;

  /** Null until accepted. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  /** Lower-cased. Shown only to the memorial's creator, who typed it. */
  @Column({ name: 'invited_email', type: 'varchar', length: 254 })
  invitedEmail!: string;

  @Column({ name: 'can_edit', type: 'boolean', default: false })
  canEdit!: boolean;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy!: string;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
