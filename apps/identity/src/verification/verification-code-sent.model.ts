import { Field, ObjectType } from '@nestjs/graphql';
import { VerificationMethod } from '@jibs/domain';

@ObjectType('VerificationCodeSent')
export class VerificationCodeSentModel {
  @Field(() => VerificationMethod)
  method!: VerificationMethod;

  @Field({ description: 'Where it went, masked: a***@example.com or (***) ***-4567.' })
  sentTo!: string;

  @Field()
  expiresAt!: Date;

  @Field({ description: 'A new code may be requested from this time on.' })
  resendAvailableAt!: Date;
}
