import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ReviewStatus } from '@jibs/domain';

/** A member's verified upload (spec section 3); the file itself lives in the bucket. */
@Entity({ name: 'documents' })
@Index('documents_user_created_idx', ['userId', 'createdAt'])
@Index('documents_status_created_idx', ['status', 'createdAt'])
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The member's original name: shown in lists and used for downloads. */
  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName!: string;

  /** The stored key `{userId}/{timestamp}-{random}.{ext}`; one row per stored object. */
  @Index('documents_file_path_idx', { unique: true })
  @Column({ name: 'file_path', type: 'varchar', length: 300 })
  filePath!: string;

  /** Bytes, as measured in the bucket. */
  @Column({ name: 'file_size', type: 'int' })
  fileSize!: number;

  /** MIME type from the content (magic bytes). */
  @Column({ name: 'file_type', type: 'varchar', length: 100 })
  fileType!: string;

  @Column({ name: 'document_type', type: 'varchar', length: 64 })
  documentType!: string;

  @Column({ type: 'varchar', length: 16, default: ReviewStatus.PENDING })
  status!: ReviewStatus;

  @Column({ name: 'admin_notes', type: 'text', nullable: true })
  adminNotes!: string | null;

  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  /** The death report the document supports, if the member named one (not checked across services). */
  @Column({ name: 'death_report_id', type: 'uuid', nullable: true })
  deathReportId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
