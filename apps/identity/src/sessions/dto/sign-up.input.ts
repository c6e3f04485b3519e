import { Field, InputType } from '@nestjs/graphql';

/**
 * Registration step 1. Fields are nullable in the schema on purpose: the server validates them
 * with the product's own messages ('First name is required', ...), which GraphQL's built-in
 * non-null errors could not give.
 */
@InputType()
export class SignUpInput {
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) password?: string;
  @Field(() => String, { nullable: true }) confirmPassword?: string;
  @Field(() => String, { nullable: true }) phone?: string;
  @Field(() => String, { nullable: true }) dateOfBirth?: string;
  @Field(() => String, { nullable: true }) addressLine1?: string;
  @Field(() => String, { nullable: true }) addressLine2?: string | null;
  @Field(() => String, { nullable: true }) city?: string;
  @Field(() => String, { nullable: true }) state?: string;
  @Field(() => String, { nullable: true }) zipCode?: string;
  @Field(() => Boolean, { nullable: true }) isUsCitizen?: boolean;
  @Field(() => String, {
    nullable: true,
    description: "en, ar or ur: the visitor's chosen or browser language (en when not given).",
  })
  language?: string;
}
