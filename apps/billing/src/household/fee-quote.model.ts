import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { FeeQuote } from '@jibs/domain';

@ObjectType('FeeLine')
export class FeeLineModel {
  @Field()
  label!: string;

  @Field(() => Int)
  amount!: number;
}

@ObjectType('FeeQuote', {
  description:
    'Computed by billing from the stored household and the settings; the client only shows it.',
})
export class FeeQuoteModel {
  @Field(() => Int)
  baseFee!: number;

  @Field(() => [FeeLineModel])
  memberLines!: FeeLineModel[];

  @Field(() => Int)
  registrationTotal!: number;

  @Field(() => Int)
  monthlyDues!: number;

  @Field(() => Int, {
    description: "registrationTotal + monthlyDues ('Includes first month's membership').",
  })
  dueToday!: number;

  static from(quote: FeeQuote): FeeQuoteModel {
    return Object.assign(new FeeQuoteModel(), {
      ...quote,
      memberLines: quote.memberLines.map((line) => Object.assign(new FeeLineModel(), line)),
    });
  }
}
