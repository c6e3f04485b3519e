import { Field, InputType } from '@nestjs/graphql';
import { Relationship } from '../../billing-enums';

@InputType('HouseholdMemberInput')
export class HouseholdMemberInput {
  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field(() => Relationship, { nullable: true })
  relationship?: Relationship | null;

  @Field(() => String, { nullable: true })
  dateOfBirth?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Children: the 'unmarried and not working full-time' certification; a child who works full time is stored with isWorkingFullTime true and no fee.",
  })
  childCertified?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isWorkingFullTime?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Parents: the 'financially dependent on you' certification.",
  })
  parentCertified?: boolean | null;
}

@InputType('SaveHouseholdInput')
export class SaveHouseholdInput {
  @Field(() => [HouseholdMemberInput], { nullable: true })
  members?: HouseholdMemberInput[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'All members live at the same address as the account holder (required when there are members).',
  })
  sameAddressCertified?: boolean | null;
}
