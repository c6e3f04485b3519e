import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A member's name as identity published it (`user.registered`): what the admin document search
 * matches "user full name" against, in the same query as the documents. Identity owns the account.
 */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  /** When identity published the name: an older event delivered late changes nothing. */
  @Column({ name: 'named_at', type: 'timestamptz' })
  namedAt!: Date;

  /**
   * Completed registration (billing's `membership.registration_paid`): what the members'
   * operations need (spec 2, 6). Learnt before the name when billing's event comes first.
   */
  @Column({ name: 'registration_paid', type: 'boolean', default: false })
  registrationPaid!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
