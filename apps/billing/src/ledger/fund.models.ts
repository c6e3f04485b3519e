import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import type { LedgerEntryEntity } from './ledger-entry.entity';

@ObjectType('FundMonth')
export class FundMonthModel {
  @Field({ description: 'YYYY-MM (UTC).' })
  month!: string;

  @Field(() => Int, { description: 'Cents in.' })
  moneyIn!: number;

  @Field(() => Int, { description: 'Cents out (a positive figure).' })
  moneyOut!: number;
}

@ObjectType('FundYear')
export class FundYearModel {
  @Field(() => Int)
  year!: number;

  @Field(() => Int, { description: 'Claims opened (reports approved) that year.' })
  claims!: number;

  @Field(() => Int, { description: 'Payouts paid that year.' })
  payouts!: number;

  @Field(() => Int, { description: 'Cents paid out that year.' })
  paidOut!: number;
}

/** Admins: the fund at a glance (/admin/fund). */
@ObjectType('FundSummary')
export class FundSummaryModel {
  @Field(() => Int, { description: "Cents: the sum of the ledger's entries." })
  balance!: number;

  @Field(() => [FundMonthModel], { description: 'The last 12 months, oldest first.' })
  months!: FundMonthModel[];

  @Field(() => [FundYearModel], { description: 'Newest first.' })
  years!: FundYearModel[];

  @Field(() => Int, { nullable: true, description: 'Cents; null before the first payout.' })
  averagePayout!: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      "How many months of payouts the balance covers at the last 12 months' rate; null when nothing was paid out in them.",
  })
  monthsCovered!: number | null;
}

@ObjectType('LedgerEntry')
export class LedgerEntryModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: '`payment:<id>`, `refund:<payment id>` or `payout:<id>`.' })
  sourceKey!: string;

  @Field({
    description:
      'registration_fee, dues, member_fee, offline_payment, uncounted_payment, refund or assistance.',
  })
  kind!: string;

  @Field(() => Int, { description: 'Cents: positive in, negative out.' })
  amount!: number;

  @Field()
  currency!: string;

  @Field(() => ID, { nullable: true })
  userId!: string | null;

  @Field(() => ID, { nullable: true })
  paymentId!: string | null;

  @Field(() => ID, { nullable: true })
  payoutId!: string | null;

  @Field()
  occurredAt!: Date;

  static from(row: LedgerEntryEntity): LedgerEntryModel {
    return Object.assign(new LedgerEntryModel(), {
      id: row.id,
      sourceKey: row.sourceKey,
      kind: row.kind,
      amount: row.amount,
      currency: row.currency,
      userId: row.userId,
      paymentId: row.paymentId,
      payoutId: row.payoutId,
      occurredAt: row.occurredAt,
    });
  }
}
