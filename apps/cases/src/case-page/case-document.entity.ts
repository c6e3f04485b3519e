import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What cases knows of a member's document, from `document.uploaded` and `document.reviewed`:
 * enough to list a case's documents and tick checklist items about documents.
 */
@Entity({ name: 'case_documents' })
@Index('case_documents_user_idx', ['userId', 'documentType'])
export class CaseDocumentEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'document_type', type: 'varchar', length: 64 })
  documentType!: string;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName!: string;

  /** pending, approved or rejected. */
  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt!: Date;

  /** The time of the event that set `status`: a late older event changes nothing. */
  @Column({ name: 'status_at', type: 'timestamptz' })
  statusAt!: Date;
}
