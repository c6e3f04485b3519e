import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per `membership.status_changed` (its event id): the membership's status history. */
@Entity({ name: 'membership_status_changes' })
@Index('membership_status_changes_user_at_idx', ['userId', 'changedAt'])
export class MembershipStatusChangeEntity {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 64 })
  eventId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'to_status', type: 'varchar', length: 16 })
  toStatus!: 'pending' | 'active' | 'inactive';

  /** The event's time: when billing changed the status. */
  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
