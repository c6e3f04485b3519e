import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A member who said 'I will attend' a notice's prayer: at most one row per member and notice. */
@Entity({ name: 'janazah_attendance' })
export class JanazahAttendanceEntity {
  @PrimaryColumn({ name: 'notice_id', type: 'uuid' })
  noticeId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
