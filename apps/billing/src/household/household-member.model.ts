import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MemberFeeStatus, Relationship } from '../billing-enums';
import type { HouseholdMemberEntity } from './household-member.entity';

@ObjectType('HouseholdMember')
export class HouseholdMemberModel {
  @Field(() => ID)
  id!: string;

  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field()
  fullName!: string;

  @Field(() => Relationship)
  relationship!: Relationship;

  @Field(() => String)
  dateOfBirth!: string;

  @Field(() => Boolean, { nullable: true, description: 'Children only; null otherwise.' })
  isWorkingFullTime!: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Parents only; null otherwise.' })
  isDependentParent!: boolean | null;

  @Field(() => MemberFeeStatus)
  feeStatus!: MemberFeeStatus;

  @Field(() => Int, { description: 'Cents: 2500 or 0.' })
  fee!: number;

  @Field()
  createdAt!: Date;

  static from(row: HouseholdMemberEntity): HouseholdMemberModel {
    return Object.assign(new HouseholdMemberModel(), {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      fullName: `${row.firstName} ${row.lastName}`,
      relationship: row.relationship,
      dateOfBirth: row.dateOfBirth,
      isWorkingFullTime: row.isWorkingFullTime,
      isDependentParent: row.isDependentParent,
      feeStatus: row.feeStatus,
      fee: row.fee,
      createdAt: row.createdAt,
    });
  }
}
