import { Field, ObjectType } from '@nestjs/graphql';
import { SignInChallengeKind } from './sign-in-challenge-kind';

@ObjectType('SignInChallenge')
export class SignInChallengeModel {
  @Field(() => SignInChallengeKind)
  kind!: SignInChallengeKind;

  @Field({ description: 'Opaque, single-use, 10 minutes.' })
  token!: string;

  @Field()
  expiresAt!: Date;
}
