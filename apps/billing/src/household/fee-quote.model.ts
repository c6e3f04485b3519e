import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { FeeQuote } from '@jibs/domain';
import { Relationship } from '../billing-enums';

@ObjectType('FeeLine')
export class FeeLineModel {
  @Field({
    description:
      'In English ("Spouse: Aisha Rahman"); a client words a member\'s line from relationship and name.',
  })
  label!: string;

  @Field(() => Int)
  amount!: number;

  @Field(() => Relationship, {
    nullable: true,
    description: "A household member's line: their relationship.",
  })
  relationship?: Relationship;

  @Field(() => String, {
    nullable: true,
    description: "A household member's line: their name ('' when none was given).",
  })
  name?: string;
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
