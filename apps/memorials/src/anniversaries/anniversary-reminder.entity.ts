import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AnniversaryCalendar } from '@jibs/domain';

/** A member's yearly reminder of a memorial's anniversary in one calendar, turned on. */
@Entity({ name: 'anniversary_reminders' })
@Index('anniversary_reminders_memorial_user_calendar_idx', ['memorialId', 'userId', 'calendar'], {
  unique: true,
})
@Index('anniversary_reminders_user_idx', ['userId'])
export class AnniversaryReminderEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'memorial_id', type: 'uuid' })
  memorialId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  calendar!: AnniversaryCalendar;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
