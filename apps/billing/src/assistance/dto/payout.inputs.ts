import { Field, Float, ID, InputType } from '@nestjs/graphql';

/**
 * Inputs are nullable and loosely typed on purpose: a missing or unknown value gets its own
 * message (BAD_USER_INPUT with fieldErrors) instead of GraphQL's generic type error.
 */
@InputType('PayoutLineInput')
export class PayoutLineInput {
  @Field(() => ID, { nullable: true, description: "The claim's expense line." })
  lineId?: string | null;

  @Field(() => Float, { nullable: true, description: 'Cents paid of that line, more than 0.' })
  amount?: number | null;
}

@InputType('ProposePayoutInput')
export class ProposePayoutInput {
  @Field(() => ID, { nullable: true, description: 'The approved death report.' })
  reportId?: string | null;

  @Field(() => [PayoutLineInput], { nullable: true })
  lines?: PayoutLineInput[] | null;

  @Field(() => Float, { nullable: true, description: 'Cents: the sum of the lines.' })
  amount?: number | null;

  @Field(() => String, { nullable: true, description: "'funeral_home', 'cemetery' or 'family'." })
  payee?: string | null;

  @Field(() => String, { nullable: true, description: 'Who is paid, by name.' })
  payeeName?: string | null;

  @Field(() => String, { nullable: true, description: "'check', 'bank_transfer' or 'cash'." })
  method?: string | null;

  @Field(() => String, { nullable: true, description: 'A check number or note, optional.' })
  reference?: string | null;
}

@InputType('MarkPayoutPaidInput')
export class MarkPayoutPaidInput {
  @Field(() => ID, { nullable: true })
  payoutId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD: not in the future (UTC), not before the proposal.',
  })
  paidOn?: string | null;

  @Field(() => String, { nullable: true, description: 'The check number or transfer reference.' })
  reference?: string | null;
}
