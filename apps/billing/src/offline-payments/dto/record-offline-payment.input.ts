import { Field, Float, ID, InputType } from '@nestjs/graphql';

/**
 * An offline payment as the admin entered it. Fields are nullable and loosely typed on purpose:
 * a missing or unknown value gets its own message (BAD_USER_INPUT with fieldErrors) instead of
 * GraphQL's generic type error.
 */
@InputType('RecordOfflinePaymentInput')
export class RecordOfflinePaymentInput {
  @Field(() => ID, { nullable: true, description: 'The member who paid.' })
  userId?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Cents, a whole number: more than 0, at most 500000 ($5,000.00).',
  })
  amountCents?: number | null;

  @Field(() => String, { nullable: true, description: "'cash' or 'check'." })
  method?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "'registration' (marks the registration fee paid) or 'dues' (monthly dues: clears missed payments).",
  })
  purpose?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD: not in the future (UTC), not before the member joined.',
  })
  paidOn?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters.' })
  note?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A check number or receipt reference, at most 64 characters.',
  })
  reference?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'A UUID the client makes once per submission: sending the same key again (a retry, a double submit) records nothing more and answers the payment already recorded.',
  })
  idempotencyKey?: string | null;
}
