import { Field, ID, InputType } from '@nestjs/graphql';

/** One report of a member's backup (its id kept); checked like a new report. */
@InputType('RestoreDeathReportInput')
export class RestoreDeathReportInput {
  @Field(() => ID)
  id!: string;

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
