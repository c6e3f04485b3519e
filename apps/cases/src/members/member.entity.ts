import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What cases knows of a member: whether they completed registration (billing's
 * `membership.registration_paid`), which submitting and reading death reports needs (spec 2, 6).
 * No name or email: cases has no use for them.
 */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'registration_paid', type: 'boolean', default: false })
  registrationPaid!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
