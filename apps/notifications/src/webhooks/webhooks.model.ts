import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum WebhookDeliveryState {
  PENDING = 'pending',
  SENDING = 'sending',
  DELIVERED = 'delivered',
  FAILED = 'failed',
}
registerEnumType(WebhookDeliveryState, {
  name: 'WebhookDeliveryState',
  description:
    'pending: waiting for its (next) try; sending: being sent; delivered: the endpoint answered 2xx; failed: every try failed (an admin may replay it).',
});

@ObjectType('WebhookEndpoint', {
  description:
    'An HTTPS endpoint that receives signed events (admins only). Its secret is shown once.',
})
export class WebhookEndpointModel {
  @Field(() => ID)
  id!: string;

  @Field()
  url!: string;

  @Field(() => [String])
  eventTypes!: string[];

  @Field()
  active!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('WebhookEndpointCreated')
export class WebhookEndpointCreatedModel {
  @Field(() => WebhookEndpointModel)
  endpoint!: WebhookEndpointModel;

  @Field({
    description:
      'The signing secret (Standard Webhooks, `whsec_…`): shown only now; the receiver verifies each delivery with it.',
  })
  secret!: string;
}

@ObjectType('WebhookDelivery', { description: 'One event sent, or owed, to one endpoint.' })
export class WebhookDeliveryModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  endpointId!: string;

  @Field(() => ID, {
    description: "The event's id: the `webhook-id` header, the same on every try.",
  })
  eventId!: string;

  @Field()
  eventType!: string;

  @Field(() => WebhookDeliveryState)
  status!: WebhookDeliveryState;

  @Field(() => Int)
  attempts!: number;

  @Field(() => Int, { nullable: true })
  lastStatusCode!: number | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When a pending one is tried next.',
  })
  nextAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@InputType()
export class CreateWebhookEndpointInput {
  @Field()
  url!: string;

  @Field(() => [String])
  eventTypes!: string[];
}

@InputType()
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => [String], { nullable: true })
  eventTypes?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
}
