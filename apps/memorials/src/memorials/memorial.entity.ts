import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { MemorialPrivacyLevel } from '@jibs/domain';

/** A memorial page (spec: memorial_pages). Text is stored as given: plain text, never HTML. */
@Entity({ name: 'memorial_pages' })
@Index('memorial_pages_active_created_idx', ['isActive', 'createdAt'])
@Index('memorial_pages_created_by_idx', ['createdBy'])
export class MemorialEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName!: string;

  /** YYYY-MM-DD. */
  @Column({ name: 'birth_date', type: 'date', nullable: true })
  birthDate!: string | null;

  @Column({ name: 'death_date', type: 'date', nullable: true })
  deathDate!: string | null;

  @Column({ name: 'birth_location', type: 'varchar', length: 200, nullable: true })
  birthLocation!: string | null;

  @Column({ name: 'death_location', type: 'varchar', length: 200, nullable: true })
  deathLocation!: string | null;

  @Column({ type: 'text', nullable: true })
  biography!: string | null;

  /**
   * The spec's profile_image_url: one of the memorial's own photos, served like every photo
   * through a short-lived presigned GET (the bucket is private, so no lasting URL is stored).
   */
  @Column({ name: 'profile_photo_id', type: 'uuid', nullable: true })
  profilePhotoId!: string | null;

  @Column({ name: 'privacy_level', type: 'varchar', length: 16, default: 'family_only' })
  privacyLevel!: MemorialPrivacyLevel;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
