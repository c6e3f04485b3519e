import { Field, ObjectType } from '@nestjs/graphql';
import { UserModel } from '../accounts/user.model';

@ObjectType('SecondFactorChange', {
  description: 'A second factor was turned on; the recovery codes are shown this once.',
})
export class SecondFactorChangeModel {
  @Field(() => UserModel)
  user!: UserModel;

  @Field(() => [String], {
    description:
      'New recovery codes (abcd-efgh-jkmn), each usable once instead of the second factor; empty when the account already had a second factor (its codes are kept).',
  })
  recoveryCodes!: string[];
}
