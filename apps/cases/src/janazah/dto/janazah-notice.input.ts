import { Field, InputType } from '@nestjs/graphql';

/**
 * A janazah notice's form, to publish or to edit (every field replaced). Strings throughout: the
 * server checks them with the domain schema and answers each mistake with its own message.
 */
@InputType('JanazahNoticeInput')
export class JanazahNoticeInput {
  @Field()
  deceasedName!: string;

  @Field({ description: 'ISO 8601 with an offset or Z, in the future: 2026-03-06T13:30:00-06:00.' })
  prayerAt!: string;

  @Field({ description: 'IANA time zone the prayer time is shown in: America/Chicago.' })
  timeZone!: string;

  @Field()
  masjidName!: string;

  @Field()
  masjidAddress!: string;

  @Field()
  burialPlace!: string;

  @Field(() => String, { nullable: true, description: 'Shown to members only.' })
  familyContact?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "'members' (the default) or 'public'.",
  })
  visibility?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;
}
