import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MemberFeeStatus, Relationship } from '@jibs/domain';

@Entity({ name: 'household_members' })
@Index('household_members_user_created_idx', ['userId', 'createdAt'])
export class HouseholdMemberEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 16 })
  relationship!: Relationship;

  @Column({ name: 'date_of_birth', type: 'date' })
  dateOfBirth!: string;

  @Column({ name: 'is_working_full_time', type: 'boolean', nullable: true })
  isWorkingFullTime!: boolean | null;

  @Column({ name: 'is_dependent_parent', type: 'boolean', nullable: true })
  isDependentParent!: boolean | null;

  @Column({ name: 'fee_status', type: 'varchar', length: 16 })
  feeStatus!: MemberFeeStatus;

  /** Cents, fixed when the member was added. */
  @Column({ type: 'int' })
  fee!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
