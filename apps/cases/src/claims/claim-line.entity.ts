import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ExpenseCategory, PayeeKind } from '@jibs/domain';

/** One expense of a report's burial-assistance claim, with its invoice (a document's id). */
@Entity({ name: 'claim_lines' })
@Index('claim_lines_report_idx', ['reportId', 'createdAt'])
export class ClaimLineEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @Column({ type: 'varchar', length: 32 })
  category!: ExpenseCategory;

  /** Cents, more than 0. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ name: 'payee_kind', type: 'varchar', length: 16 })
  payeeKind!: PayeeKind;

  @Column({ name: 'payee_name', type: 'varchar', length: 200 })
  payeeName!: string;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @Column({ name: 'added_by', type: 'uuid' })
  addedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
