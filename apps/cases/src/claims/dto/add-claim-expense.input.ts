import { Field, ID, InputType, Int } from '@nestjs/graphql';

/** One expense line; the server checks every field (claimExpenseSchema and the report's state). */
@InputType('AddClaimExpenseInput')
export class AddClaimExpenseInput {
  @Field(() => ID)
  reportId!: string;

  @Field({ description: "One of the settings' eligible EXPENSE_CATEGORIES." })
  category!: string;

  @Field(() => Int, { description: 'Cents, more than 0.' })
  amount!: number;

  @Field({ description: 'One of PAYEE_KINDS: funeral_home, cemetery, family.' })
  payeeKind!: string;

  @Field()
  payeeName!: string;

  @Field(() => ID, { description: "The invoice: one of the member's own documents." })
  documentId!: string;
}
