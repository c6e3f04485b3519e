import { Field, Int, ObjectType } from '@nestjs/graphql';
import { SubscriptionStatus } from '../billing-enums';
import type { SubscriptionEntity } from './subscription.entity';

@ObjectType('MembershipSubscription')
export class MembershipSubscriptionModel {
  @Field(() => SubscriptionStatus)
  status!: SubscriptionStatus;

  @Field(() => Int)
  monthlyAmount!: number;

  @Field(() => Date, { nullable: true })
  currentPeriodStart!: Date | null;

  @Field(() => Date, { nullable: true })
  currentPeriodEnd!: Date | null;

  @Field()
  cancelAtPeriodEnd!: boolean;

  static from(row: SubscriptionEntity): MembershipSubscriptionModel {
    return Object.assign(new MembershipSubscriptionModel(), {
      status: row.status,
      monthlyAmount: row.monthlyAmount,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    });
  }
}
