import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A member's document as cases knows it (`document.uploaded`, `document.reviewed`): whose, what. */
@Entity({ name: 'member_documents' })
@Index('member_documents_user_idx', ['userId'])
export class MemberDocumentEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'document_type', type: 'varchar', length: 64 })
  documentType!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: 'pending' | 'approved' | 'rejected';
}
