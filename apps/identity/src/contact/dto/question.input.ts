import { Field, InputType } from '@nestjs/graphql';

/** Nullable in the schema so that the server answers with the product's own messages. */
@InputType()
export class QuestionInput {
  @Field(() => String, { nullable: true }) fullName?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) question?: string;
}
