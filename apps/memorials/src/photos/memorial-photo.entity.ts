import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A photo of a memorial (spec: memorial_photos); the file lives in the private bucket. */
@Entity({ name: 'memorial_photos' })
@Index('memorial_photos_memorial_order_idx', ['memorialId', 'displayOrder'])
export class MemorialPhotoEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'memorial_id', type: 'uuid' })
  memorialId!: string;

  /** The stored key `{memorialId}/{timestamp}-{random}.{ext}`. */
  @Index('memorial_photos_file_path_idx', { unique: true })
  @Column({ name: 'file_path', type: 'varchar', length: 300 })
  filePath!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  caption!: string | null;

  @Column({ name: 'display_order', type: 'int' })
  displayOrder!: number;

  /** MIME type from the content (magic bytes). */
  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType!: string;

  /** Bytes, as measured in the bucket. */
  @Column({ type: 'int' })
  size!: number;

  @Column({ name: 'uploaded_by', type: 'uuid' })
  uploadedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
