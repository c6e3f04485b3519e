import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The names of members, from identity's `user.registered`: a memory shows its contributor's
 * name, and identity shows other users' details to nobody but admins. No email is kept.
 */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  /**
   * Completed registration (billing's `membership.registration_paid`): what the members'
   * operations need (spec 2, 6). Learnt before the name when billing's event comes first.
   */
  @Column({ name: 'registration_paid', type: 'boolean', default: false })
  registrationPaid!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
