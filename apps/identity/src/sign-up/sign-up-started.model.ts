import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('SignUpStarted', {
  description:
    'Registration step 1 was accepted: a 6-digit code was emailed. The same answer whether or not the email is registered.',
})
export class SignUpStartedModel {
  @Field({ description: 'Opaque, for completeSignUp with the emailed code.' })
  signUpToken!: string;

  @Field({ description: 'Where the code went, masked: a***@example.com.' })
  sentTo!: string;

  @Field()
  expiresAt!: Date;
}
