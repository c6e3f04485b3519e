import { Field, ObjectType } from '@nestjs/graphql';
import { AuthPayloadModel } from './auth-payload.model';
import { SignInChallengeModel } from './sign-in-challenge.model';

@ObjectType('SignInResult', {
  description: 'Either a session (done) or a challenge (a second step is needed).',
})
export class SignInResultModel {
  @Field(() => AuthPayloadModel, { nullable: true })
  session!: AuthPayloadModel | null;

  @Field(() => SignInChallengeModel, { nullable: true })
  challenge!: SignInChallengeModel | null;
}
