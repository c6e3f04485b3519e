import { Field, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType('NotificationKindPreference', {
  description: 'How the member is told of one kind of notification.',
})
export class NotificationKindPreferenceModel {
  @Field({ description: `One of NOTIFICATION_KINDS (libs/domain).` })
  kind!: string;

  @Field()
  label!: string;

  @Field({ description: 'Always true: the bell carries everything.' })
  bell!: boolean;

  @Field()
  email!: boolean;

  @Field()
  sms!: boolean;
}

@ObjectType('NotificationPreferences')
export class NotificationPreferencesModel {
  @Field({ description: 'Whether the member has a verified phone (SMS can be chosen).' })
  phoneVerified!: boolean;

  @Field({ description: 'Whether this site sends text messages at all.' })
  smsAvailable!: boolean;

  @Field(() => [NotificationKindPreferenceModel])
  kinds!: NotificationKindPreferenceModel[];
}

@InputType('NotificationPreferenceChangeInput')
export class NotificationPreferenceChangeInput {
  @Field({ description: 'A kind of notification (payments, reports_documents, janazah, ...).' })
  kind!: string;

  @Field({ description: 'bell, email or sms.' })
  channel!: string;

  @Field()
  enabled!: boolean;
}
