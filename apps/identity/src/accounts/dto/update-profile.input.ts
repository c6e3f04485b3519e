import { Field, InputType } from '@nestjs/graphql';

/** Nullable in the schema so that the server answers with the product's own messages. */
@InputType({
  description: 'Only the fields given change; name, email and date of birth can never be changed.',
})
export class UpdateProfileInput {
  @Field(() => String, { nullable: true }) phone?: string;
  @Field(() => String, { nullable: true }) addressLine1?: string;
  @Field(() => String, { nullable: true }) addressLine2?: string | null;
  @Field(() => String, { nullable: true }) city?: string;
  @Field(() => String, { nullable: true }) state?: string;
  @Field(() => String, { nullable: true }) zipCode?: string;
  @Field(() => String, { nullable: true, description: 'en, ar or ur.' }) language?: string;
  @Field(() => Boolean, { nullable: true }) showHijri?: boolean;
}
