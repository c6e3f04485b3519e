import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Each membership status a member has had, from when: written by a trigger on `members`
 * (insert, and every update that changes `membership_status`), so in the same transaction as
 * the change whatever code makes it. Append-only; analytics reads members by status over time.
 */
@Entity({ name: 'member_status_history' })
@Index('member_status_history_user_idx', ['userId', 'changedAt'])
export class MemberStatusHistoryEntity {
  @PrimaryGeneratedColumn('increment', {
    type: 'bigint',
    primaryKeyConstraintName: 'PK_member_status_history_id',
  })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}
