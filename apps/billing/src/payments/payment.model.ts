import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { PaymentStatus, PaymentType } from '../billing-enums';
import type { PaymentEntity } from './payment.entity';

@ObjectType('Payment')
export class PaymentModel {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  amount!: number;

  @Field({ description: "Lower-case ISO code as stored ('usd'); shown upper-cased." })
  currency!: string;

  @Field(() => PaymentStatus)
  status!: PaymentStatus;

  @Field(() => PaymentType)
  type!: PaymentType;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The provider's payment id (shown as 'Payment ID').",
  })
  providerPaymentId!: string | null;

  @Field()
  createdAt!: Date;

  static from(row: PaymentEntity): PaymentModel {
    return Object.assign(new PaymentModel(), {
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      type: row.type,
      description: row.description,
      providerPaymentId: row.providerPaymentId,
      createdAt: row.createdAt,
    });
  }
}

/** Admins: a payment the provider took that billing did not count, and what became of it. */
@ObjectType('FlaggedPayment')
export class FlaggedPaymentModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The member who paid.' })
  userId!: string;

  @Field(() => Int)
  amount!: number;

  @Field()
  currency!: string;

  @Field(() => PaymentType)
  type!: PaymentType;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  providerPaymentId!: string | null;

  @Field({ description: 'Why it was not counted.' })
  reason!: string;

  @Field({
    description:
      'REFUNDED (done through the provider), PENDING, FAILED (refund by hand), MANUAL (nothing the provider could refund by itself).',
  })
  refundStatus!: string;

  @Field(() => String, { nullable: true })
  providerRefundId!: string | null;

  @Field()
  createdAt!: Date;

  static from(row: PaymentEntity): FlaggedPaymentModel {
    return Object.assign(new FlaggedPaymentModel(), {
      id: row.id,
      userId: row.userId,
      amount: row.amount,
      currency: row.currency,
      type: row.type,
      description: row.description,
      providerPaymentId: row.providerPaymentId,
      reason: row.flagReason ?? '',
      refundStatus: (row.refundStatus ?? 'manual').toUpperCase(),
      providerRefundId: row.providerRefundId,
      createdAt: row.createdAt,
    });
  }
}
