import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('CaseChecklistItemSetting')
export class CaseChecklistItemSettingModel {
  @Field({ description: 'Lower-case letters, digits and underscores; unique in the list.' })
  key!: string;

  @Field()
  label!: string;

  @Field({ description: "'family' (the family and admins tick it) or 'admin' (admins only)." })
  owner!: string;

  @Field(() => String, {
    nullable: true,
    description: 'A document type: the item ticks itself when a matching approved document exists.',
  })
  documentType?: string | null;
}

@InputType('CaseChecklistItemSettingInput')
export class CaseChecklistItemSettingInput {
  @Field() key!: string;
  @Field() label!: string;
  @Field() owner!: string;
  @Field(() => String, { nullable: true }) documentType?: string | null;
}

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
  @Field({
    description: 'The reporting member may publish the janazah notice of their approved report.',
  })
  membersMayPublishJanazah!: boolean;
  @Field(() => [CaseChecklistItemSettingModel], { description: "Every case's checklist." })
  caseChecklist!: CaseChecklistItemSettingModel[];

  @Field()
  updatedAt!: Date;
}
