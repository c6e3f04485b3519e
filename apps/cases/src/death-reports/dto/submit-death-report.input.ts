import { Field, ID, InputType } from '@nestjs/graphql';
import { DeceasedKind } from '../../assistance/assessment.model';

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

  @Field(() => DeceasedKind, {
    nullable: true,
    description: 'Who died: the account holder, a household member, or someone else (the default).',
  })
  deceasedKind?: DeceasedKind | null;

  @Field(() => ID, {
    nullable: true,
    description: "With HOUSEHOLD_MEMBER: the member's own household member's id (billing's).",
  })
  deceasedHouseholdMemberId?: string | null;
}
