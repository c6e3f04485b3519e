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

  @Field()
  updatedAt!: Date;
}
