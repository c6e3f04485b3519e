import { Field, ID, ObjectType } from '@nestjs/graphql';
import { CheckoutKind, CheckoutState } from '../billing-enums';

@ObjectType('CheckoutSession')
export class CheckoutSessionModel {
  @Field(() => ID)
  id!: string;

  @Field({
    description:
      "Where to send the browser (the provider's hosted page, or the local sandbox page).",
  })
  url!: string;
}

@ObjectType('CheckoutStatus')
export class CheckoutStatusModel {
  @Field(() => ID)
  id!: string;

  @Field(() => CheckoutKind)
  kind!: CheckoutKind;

  @Field(() => CheckoutState)
  state!: CheckoutState;
}
