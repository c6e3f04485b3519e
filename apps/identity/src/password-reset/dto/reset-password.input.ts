import { Field, InputType } from '@nestjs/graphql';

/** Nullable in the schema so that the server answers with the product's own messages. */
@InputType()
export class ResetPasswordInput {
  @Field(() => String, { nullable: true }) token?: string;
  @Field(() => String, { nullable: true }) password?: string;
  @Field(() => String, { nullable: true }) confirmPassword?: string;
}
