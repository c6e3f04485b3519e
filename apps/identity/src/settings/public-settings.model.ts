import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PublicSettings')
export class PublicSettingsModel {
  @Field()
  siteName!: string;

  @Field(() => Int, { description: 'Cents.' })
  registrationFee!: number;

  @Field(() => Int, { description: 'Cents, per month.' })
  monthlyDues!: number;

  @Field(() => Int, { description: 'Cents, each added household member.' })
  memberFee!: number;

  @Field(() => Int)
  maxFileSizeMb!: number;

  @Field(() => [String])
  allowedFileTypes!: string[];

  @Field()
  maintenanceMode!: boolean;
}
