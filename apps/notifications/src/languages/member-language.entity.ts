import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Language } from '@jibs/domain';

/**
 * A member's language and Hijri choice, learned from identity's `user.registered` (its language,
 * kept only while no change was seen) and `user.language_changed` (always wins). A member
 * without a row reads English, without the Hijri date.
 */
@Entity({ name: 'member_languages' })
export class MemberLanguageEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 2 })
  language!: Language;

  @Column({ name: 'show_hijri', type: 'boolean', default: false })
  showHijri!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
