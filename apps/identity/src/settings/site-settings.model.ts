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

  @Field({
    description: 'The reporting member may publish the janazah notice of their approved report.',
  })
  membersMayPublishJanazah!: boolean;

  @Field()
  updatedAt!: Date;
}
