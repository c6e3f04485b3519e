import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { NotificationKind } from '@jibs/domain';

/**
 * A member's choice for one kind of notification; no row is the defaults (DEFAULT_CHANNELS).
 * The bell is always on, so it has no column.
 */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  kind!: NotificationKind;

  @Column({ type: 'boolean' })
  email!: boolean;

  @Column({ type: 'boolean' })
  sms!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
