import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The columns every service's `members` read model has. */
abstract class MemberColumns {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /**
   * Completed registration (billing's `membership.registration_paid`): what the members'
   * operations need (spec 2, 6). Learnt before the name when billing's event comes first.
   */
  @Column({ name: 'registration_paid', type: 'boolean', default: false })
  registrationPaid!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * What a service knows of a member when it needs no name: whether they completed registration.
 * No name or email is kept (`members: {}` in its definition).
 */
@Entity({ name: 'members' })
export class MemberEntity extends MemberColumns {}

/**
 * A member with the name identity published (`user.registered`), for a service that shows or
 * searches names (`members: { names: true }`). No email is kept; identity owns the account.
 */
@Entity({ name: 'members' })
export class NamedMemberEntity extends MemberColumns {
  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  /** When identity published the name: an older event delivered late changes nothing. */
  @Column({ name: 'named_at', type: 'timestamptz' })
  namedAt!: Date;
}
