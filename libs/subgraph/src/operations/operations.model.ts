import { Directive, Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

// Every subgraph serves these same types under its own query field, hence @shareable: the
// gateway resolves each service's figures in that service alone (the types have no key).

@ObjectType('ReadinessCheck', {
  description: 'One thing the service needs, and whether it answers.',
})
@Directive('@shareable')
export class ReadinessCheckModel {
  @Field({ description: "'database' or 'broker'." })
  name!: string;

  @Field()
  ok!: boolean;

  @Field(() => String, { nullable: true, description: 'Why not, when it does not answer.' })
  error!: string | null;
}

@ObjectType('RequestFigures', { description: 'GraphQL operations the service answered.' })
@Directive('@shareable')
export class RequestFiguresModel {
  @Field(() => Int, { description: 'Since the process started.' })
  total!: number;

  @Field(() => Int, { description: 'Of those, answered with an error (user errors included).' })
  errors!: number;

  @Field(() => Float, { description: 'Operations a minute over the window.' })
  perMinute!: number;

  @Field(() => Float, { description: 'Errors a minute over the window.' })
  errorsPerMinute!: number;

  @Field(() => Int, { description: 'Seconds the rates are measured over (up to 5 minutes).' })
  windowSeconds!: number;
}

@ObjectType('EventFigures', { description: "The service's events since the process started." })
@Directive('@shareable')
export class EventFiguresModel {
  @Field(() => Int, { description: 'Handled by its consumers.' })
  handled!: number;

  @Field(() => Int, { description: 'Handler tries that failed (and were retried).' })
  failed!: number;

  @Field(() => Int, { description: 'Given up on and dead-lettered.' })
  deadLettered!: number;

  @Field(() => Int, { description: 'Published to the bus by its relay.' })
  published!: number;

  @Field(() => Float, { description: 'Handled a minute over the window.' })
  handledPerMinute!: number;

  @Field(() => Float, { description: 'Published a minute over the window.' })
  publishedPerMinute!: number;
}

@ObjectType('ConsumerLag', { description: "A consumer group's events not yet handled, per topic." })
@Directive('@shareable')
export class ConsumerLagModel {
  @Field({ description: 'The group, named `<service>.<purpose>`.' })
  group!: string;

  @Field()
  topic!: string;

  @Field(() => Int)
  lag!: number;
}

@ObjectType('OutboxFigures', { description: "Events waiting in the service's outbox for the bus." })
@Directive('@shareable')
export class OutboxFiguresModel {
  @Field(() => Int)
  backlog!: number;

  @Field(() => Float, { description: 'Seconds the oldest has waited (0 when none waits).' })
  oldestAgeSeconds!: number;
}

@ObjectType('DeadLetter', {
  description:
    'An event a consumer group of the service gave up on, not yet replayed or discarded.',
})
@Directive('@shareable')
export class DeadLetterModel {
  @Field(() => ID, { description: '`<topic>.dlq:<partition>:<offset>`.' })
  id!: string;

  @Field({ description: 'The original topic (the event type).' })
  topic!: string;

  @Field({ description: 'The consumer group that failed it.' })
  group!: string;

  @Field({ description: 'The last error.' })
  error!: string;

  @Field(() => Int, { description: 'Tries before it was given up on.' })
  attempts!: number;

  @Field({ description: 'When it was dead-lettered (ISO).' })
  deadLetteredAt!: string;

  @Field(() => String, { nullable: true, description: "The original event's id." })
  eventId!: string | null;

  @Field(() => String, { nullable: true, description: "The original event's subject (its key)." })
  subject!: string | null;

  @Field({ description: 'The original event, as JSON.' })
  event!: string;
}

@ObjectType('ServiceOperations', {
  description: "One service's health, traffic, events and dead letters, from what it measures.",
})
@Directive('@shareable')
export class ServiceOperationsModel {
  @Field()
  service!: string;

  @Field({ description: 'Whether its database and the bus answer.' })
  ready!: boolean;

  @Field(() => [ReadinessCheckModel])
  checks!: ReadinessCheckModel[];

  @Field({ description: 'The release it runs (package version).' })
  version!: string;

  @Field(() => Int, { description: 'Seconds since its process started.' })
  uptimeSeconds!: number;

  @Field(() => RequestFiguresModel)
  requests!: RequestFiguresModel;

  @Field(() => EventFiguresModel)
  events!: EventFiguresModel;

  @Field(() => [ConsumerLagModel], {
    description:
      "Every consumer group's lag on the bus, from the broker's committed offsets: groups of a service that is down show too.",
  })
  consumerLag!: ConsumerLagModel[];

  @Field(() => OutboxFiguresModel)
  outbox!: OutboxFiguresModel;

  @Field(() => [DeadLetterModel], {
    description: "Its consumer groups' dead letters, oldest first.",
  })
  deadLetters!: DeadLetterModel[];
}

@ObjectType('DeadLetterAction', { description: 'What an operator did with a dead letter.' })
@Directive('@shareable')
export class DeadLetterActionModel {
  @Field(() => ID)
  deadLetterId!: string;

  @Field({ description: "'replayed' or 'discarded'." })
  action!: string;

  @Field({ description: "The admin's user id, or `cli:<user>`." })
  actor!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field()
  at!: string;
}
