import { Field, InputType } from '@nestjs/graphql';

/** The death report form (spec section 5); the server validates it with the domain schema. */
@InputType('SubmitDeathReportInput')
export class SubmitDeathReportInput {
  @Field()
  deceasedName!: string;

  @Field({ description: 'YYYY-MM-DD, not after today.' })
  dateOfDeath!: string;

  @Field()
  placeOfDeath!: string;

  @Field({ description: 'One of RELATIONSHIPS_TO_DECEASED.' })
  relationshipToDeceased!: string;

  @Field(() => String, { nullable: true })
  additionalNotes?: string | null;
}
