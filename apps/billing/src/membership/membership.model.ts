import { Field, Int, ObjectType } from '@nestjs/graphql';
import { MISSED_PAYMENTS_LIMIT } from '@jibs/domain';
import { MembershipStatus } from '../billing-enums';

@ObjectType('Membership')
export class MembershipModel {
  @Field(() => MembershipStatus)
  status!: MembershipStatus;

  @Field()
  registrationFeePaid!: boolean;

  @Field(() => Int, {
    description: `Consecutive failed monthly payments (${MISSED_PAYMENTS_LIMIT} make the membership inactive).`,
  })
  missedPayments!: number;
}

@ObjectType('DashboardSummary')
export class DashboardSummaryModel {
  @Field(() => Int, { description: 'Sum of completed payments, cents.' })
  totalPayments!: number;

  @Field(() => Int, { description: 'Current monthly dues from the settings, cents.' })
  monthlyDues!: number;

  @Field(() => MembershipStatus)
  membershipStatus!: MembershipStatus;
}
