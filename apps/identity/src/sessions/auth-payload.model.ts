import { Field, ObjectType } from '@nestjs/graphql';
import { UserModel } from '../accounts/user.model';

@ObjectType('AuthPayload')
export class AuthPayloadModel {
  @Field()
  accessToken!: string;

  @Field()
  expiresAt!: Date;

  @Field(() => UserModel)
  user!: UserModel;
}
