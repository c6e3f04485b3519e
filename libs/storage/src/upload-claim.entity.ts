import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per confirmed upload key, in the database of the service that stores the files
 * (list it among the service's entities). It is written, and committed, before anything is
 * copied, so an upload key is confirmed once: a second confirm (the same presigned URL used
 * again after the first) is refused without touching the stored file.
 */
@Entity({ name: 'upload_claims' })
export class UploadClaimEntity {
  /** The `incoming/…` key the browser uploaded to. */
  @PrimaryColumn({ name: 'upload_key', type: 'varchar', length: 300 })
  uploadKey!: string;

  /** Where the checked copy was stored, written in the transaction that recorded it. */
  @Column({ name: 'stored_key', type: 'varchar', length: 300, nullable: true })
  storedKey!: string | null;

  /** When that confirmation ended, recorded or refused; null while it runs. */
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  @CreateDateColumn({ name: 'claimed_at', type: 'timestamptz' })
  claimedAt!: Date;
}
