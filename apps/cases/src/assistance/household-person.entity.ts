import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A household member as cases knows them from billing's events (`membership.registration_paid`'s
 * household, `household.member_added`, `household.member_removed`): who may be named as the one
 * who died, and since when they were in the household.
 */
@Entity({ name: 'household_people' })
@Index('household_people_user_idx', ['userId'])
export class HouseholdPersonEntity {
  /** Billing's household member id. */
  @PrimaryColumn({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  relationship!: 'spouse' | 'child' | 'parent';

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  /** Children only (the age limit); null when not known. */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  @Column({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;

  @Column({ name: 'removed_at', type: 'timestamptz', nullable: true })
  removedAt!: Date | null;
}
