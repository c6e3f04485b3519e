import { Field, InputType, Int } from '@nestjs/graphql';

/** Any subset; a field left out (or null) keeps its value. */
@InputType()
export class UpdateSiteSettingsInput {
  @Field(() => String, { nullable: true }) siteName?: string | null;
  @Field(() => String, { nullable: true }) adminEmail?: string | null;
  @Field(() => Int, { nullable: true }) registrationFee?: number | null;
  @Field(() => Int, { nullable: true }) monthlyDues?: number | null;
  @Field(() => Int, { nullable: true }) memberFee?: number | null;
  @Field(() => Int, { nullable: true }) maxFileSizeMb?: number | null;
  @Field(() => [String], { nullable: true }) allowedFileTypes?: string[] | null;
  @Field(() => Boolean, { nullable: true }) emailNotifications?: boolean | null;
  @Field(() => Boolean, { nullable: true }) smsNotifications?: boolean | null;
  @Field(() => Boolean, { nullable: true }) autoApproval?: boolean | null;
  @Field(() => Boolean, { nullable: true }) maintenanceMode?: boolean | null;
  @Field(() => Int, { nullable: true }) waitingPeriodDays?: number | null;
  @Field(() => Int, { nullable: true }) claimWindowDays?: number | null;
  @Field(() => Int, { nullable: true, description: 'Cents.' }) coverageLimit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Cents.' }) approvalThreshold?: number | null;
  @Field(() => [String], { nullable: true }) eligibleExpenseCategories?: string[] | null;
  @Field(() => Int, { nullable: true }) childAgeLimit?: number | null;
}
