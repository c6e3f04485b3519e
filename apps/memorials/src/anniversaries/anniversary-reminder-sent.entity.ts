import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { AnniversaryCalendar } from '@jibs/domain';

/**
 * A reminder sent: its key (memorial, member, calendar, year in that calendar) is what makes
 * each reminder go out once, whichever replica's run, retried or restarted, gets there first.
 */
@Entity({ name: 'anniversary_reminders_sent' })
export class AnniversaryReminderSentEntity {
  @PrimaryColumn({ name: 'memorial_id', type: 'uuid' })
  memorialId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  calendar!: AnniversaryCalendar;

  @PrimaryColumn({ type: 'int' })
  year!: number;

  @Column({ name: 'anniversary_date', type: 'date' })
  anniversaryDate!: string;

  @CreateDateColumn({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;
}
