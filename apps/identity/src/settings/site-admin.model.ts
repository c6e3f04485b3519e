import { Field, ID, ObjectType } from '@nestjs/graphql';

/** An administrator as the settings page's Admin Users section lists them. */
@ObjectType('SiteAdmin')
export class SiteAdminModel {
  @Field(() => ID)
  id!: string;

  @Field()
  email!: string;

  @Field()
  fullName!: string;

  @Field({ description: 'When the account was created.' })
  createdAt!: Date;
}
