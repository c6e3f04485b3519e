import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('SiteSettings')
export class SiteSettingsModel {
  @Field()
  siteName!: string;

  @Field()
  adminEmail!: string;

  @Field(() => Int)
  registrationFee!: number;

  @Field(() => Int)
  monthlyDues!: number;

  @Field(() => Int)
  memberFee!: number;

  @Field(() => Int)
  maxFileSizeMb!: number;

  @Field(() => [String])
  allowedFileTypes!: string[];

  @Field()
  emailNotifications!: boolean;

  @Field()
  smsNotifications!: boolean;

  @Field()
  autoApproval!: boolean;

  @Field()
  maintenanceMode!: boolean;

  @Field(() => Int, { description: 'Burial assistance: days from the start of coverage.' })
  waitingPeriodDays!: number;

  @Field(() => Int, { description: 'Days after the date of death within which a claim must come.' })
  claimWindowDays!: number;

  @Field(() => Int, { description: 'Cents: the most the fund pays for one death.' })
  coverageLimit!: number;

  @Field(() => Int, { description: "Cents: a payout above it needs a second admin's approval." })
  approvalThreshold!: number;

  @Field(() => [String], { description: 'EXPENSE_CATEGORIES a claim may list.' })
  eligibleExpenseCategories!: string[];

  @Field(() => Int, { description: 'Children are covered under this age (years).' })
  childAgeLimit!: number;

  @Field()
  updatedAt!: Date;
}
