import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AuditUserReference } from '../audit/audit-trail.model';

export enum MessageChannel {
  IN_APP = 'in_app',
  EMAIL = 'email',
  SMS = 'sms',
}

export enum DeliveryStatus {
  /** In the member's bell, not read yet. */
  DELIVERED = 'delivered',
  /** In the bell and read. */
  READ = 'read',
  /** An email owed but not handed to the mail transport yet (e.g. the address is not known). */
  PENDING = 'pending',
  /** An email or text handed to its transport (local mailbox or SMTP; the SMS gateway). */
  SENT = 'sent',
}

registerEnumType(MessageChannel, {
  name: 'MessageChannel',
  description:
    "SMS: the janazah notices' texts (sign-in and verification codes are identity's and not listed).",
});
registerEnumType(DeliveryStatus, { name: 'DeliveryStatus' });

@ObjectType('SentMessage', { description: 'Something notifications sent a member or the admins.' })
export class SentMessageModel {
  @Field(() => ID)
  id!: string;

  @Field(() => MessageChannel)
  channel!: MessageChannel;

  @Field({
    description:
      "What it is: 'notification' (in-app), 'receipt', 'member email', 'admin alert', 'janazah notice'.",
  })
  kind!: string;

  @Field(() => AuditUserReference, { nullable: true, description: 'The member it was for.' })
  member!: AuditUserReference | null;

  @Field(() => String, { nullable: true, description: "An admin alert's address." })
  toAddress!: string | null;

  @Field()
  subject!: string;

  @Field(() => DeliveryStatus)
  status!: DeliveryStatus;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When an email was handed over.' })
  sentAt!: Date | null;
}

@ObjectType('SentMessagePage')
export class SentMessagePageModel {
  @Field(() => [SentMessageModel], { description: 'Newest first.' })
  entries!: SentMessageModel[];

  @Field(() => String, { nullable: true })
  endCursor!: string | null;

  @Field()
  hasNextPage!: boolean;
}

@InputType('SentMessageFilter')
export class SentMessageFilterInput {
  @Field(() => MessageChannel, { nullable: true })
  channel?: MessageChannel | null;

  @Field(() => ID, { nullable: true })
  memberId?: string | null;

  @Field(() => DeliveryStatus, { nullable: true })
  status?: DeliveryStatus | null;
}

@ObjectType('SentMessageStats', { description: "The dashboard's Notifications card." })
export class SentMessageStatsModel {
  @Field(() => Int)
  inApp!: number;

  @Field(() => Int)
  inAppUnread!: number;

  @Field(() => Int)
  emailsSent!: number;

  @Field(() => Int)
  emailsPending!: number;

  @Field(() => Int, { description: "The janazah notices' texts handed to the SMS gateway." })
  sms!: number;
}
