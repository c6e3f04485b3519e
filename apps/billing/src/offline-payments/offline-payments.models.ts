import { Field, ID, Int, ObjectType, PickType } from '@nestjs/graphql';
import { MembershipStatus } from '../billing-enums';
import { MembershipSubscriptionModel } from '../subscriptions/membership-subscription.model';
import { HouseholdMemberModel } from '../household/household-member.model';
import type { PaymentEntity } from '../payments/payment.entity';
import { PaymentModel } from '../payments/payment.model';
import type { OfflinePaymentEntity } from './offline-payment.entity';

/** Admins: one of a member's payments (a member's own view of it, and more), with how it was paid. */
@ObjectType('AdminPayment')
export class AdminPaymentModel extends PickType(PaymentModel, [
  'id',
  'amount',
  'currency',
  'status',
  'type',
  'description',
  'providerPaymentId',
  'createdAt',
] as const) {
  @Field({ description: "'card' (through the payment provider), 'cash' or 'check'." })
  method!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Offline payments: the day the money was received (YYYY-MM-DD).',
  })
  paidOn!: string | null;

  @Field(() => String, { nullable: true, description: 'Offline payments: check number etc.' })
  reference!: string | null;

  @Field(() => String, { nullable: true, description: "Offline payments: the admin's note." })
  note!: string | null;

  @Field(() => ID, { nullable: true, description: 'Offline payments: the admin who recorded it.' })
  recordedBy!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why a payment taken was not counted (refunded); null for counted ones.',
  })
  flagReason!: string | null;

  static from(row: PaymentEntity, offline?: OfflinePaymentEntity | null): AdminPaymentModel {
    return Object.assign(new AdminPaymentModel(), PaymentModel.from(row), {
      method: offline?.method ?? 'card',
      paidOn: offline?.paidOn ?? null,
      reference: offline?.reference ?? null,
      note: offline?.note ?? null,
      recordedBy: offline?.recordedBy ?? null,
      flagReason: row.flagReason,
    });
  }
}

/** Admins: one member's billing, as the details drawer shows it. */
@ObjectType('AdminMemberBilling')
export class AdminMemberBillingModel {
  @Field(() => ID)
  userId!: string;

  @Field(() => MembershipStatus)
  membershipStatus!: MembershipStatus;

  @Field()
  registrationFeePaid!: boolean;

  @Field({ description: 'A monthly dues payment was received at least once.' })
  duesPaid!: boolean;

  @Field(() => Int, { description: 'Consecutive failed monthly payments.' })
  missedPayments!: number;

  @Field({
    description:
      "The member's first day known to billing (YYYY-MM-DD, UTC): offline payments cannot be dated before it.",
  })
  memberSince!: string;

  @Field(() => Int, { description: 'Sum of completed payments, cents.' })
  totalPaid!: number;

  @Field(() => [AdminPaymentModel], { description: 'Newest first.' })
  payments!: AdminPaymentModel[];

  @Field(() => MembershipSubscriptionModel, { nullable: true })
  subscription!: MembershipSubscriptionModel | null;

  @Field(() => [HouseholdMemberModel])
  household!: HouseholdMemberModel[];
}
