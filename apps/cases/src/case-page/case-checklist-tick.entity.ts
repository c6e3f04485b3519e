import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A checklist item's state on one case, once someone (or an event) ticked or unticked it. */
@Entity({ name: 'case_checklist_ticks' })
export class CaseChecklistTickEntity {
  @PrimaryColumn({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @PrimaryColumn({ name: 'item_key', type: 'varchar', length: 40 })
  itemKey!: string;

  @Column({ type: 'boolean' })
  done!: boolean;

  /** Null when an event ticked it (`assistance.paid`). */
  @Column({ name: 'ticked_by', type: 'uuid', nullable: true })
  tickedBy!: string | null;

  @Column({ name: 'ticked_at', type: 'timestamptz' })
  tickedAt!: Date;
}
