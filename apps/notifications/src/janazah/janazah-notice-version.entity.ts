import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { JanazahChange, JanazahNotice } from './janazah-messages';

/** A notice as one event told it: the messages of its deliveries are made from it. */
@Entity({ name: 'janazah_notice_versions' })
export class JanazahNoticeVersionEntity {
  @PrimaryColumn({ name: 'notice_id', type: 'uuid' })
  noticeId!: string;

  @PrimaryColumn({ type: 'int' })
  sequence!: number;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  change!: JanazahChange;

  @Column({ type: 'jsonb' })
  notice!: JanazahNotice;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
