import { Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { Anniversary } from '@jibs/domain';

export enum AnniversaryCalendar {
  HIJRI = 'hijri',
  GREGORIAN = 'gregorian',
}
registerEnumType(AnniversaryCalendar, {
  name: 'AnniversaryCalendar',
  description: 'The calendar of an anniversary: Hijri (Umm al-Qura) or Gregorian.',
});

@ObjectType('AnniversaryReminder', {
  description: "One calendar's yearly reminder of a memorial's anniversary, for the caller.",
})
export class AnniversaryReminderModel {
  @Field(() => AnniversaryCalendar)
  calendar!: AnniversaryCalendar;

  @Field({ description: 'Whether the caller is reminded the day before.' })
  enabled!: boolean;

  @Field({ description: 'The next anniversary (YYYY-MM-DD, Gregorian).' })
  nextDate!: string;

  static from(anniversary: Anniversary, enabled: boolean): AnniversaryReminderModel {
    return Object.assign(new AnniversaryReminderModel(), {
      calendar: anniversary.calendar as AnniversaryCalendar,
      enabled,
      nextDate: anniversary.date,
    });
  }
}

@ObjectType('AnniversaryReminders', {
  description: "The caller's anniversary reminders of one memorial, one per calendar.",
})
export class AnniversaryRemindersModel {
  @Field(() => ID)
  memorialId!: string;

  @Field(() => [AnniversaryReminderModel])
  reminders!: AnniversaryReminderModel[];
}

@InputType()
export class AnniversaryReminderInput {
  @Field(() => ID)
  memorialId!: string;

  /** A string, not the enum, so an unknown calendar gets the specific message. */
  @Field({ description: "'hijri' or 'gregorian'." })
  calendar!: string;

  @Field()
  enabled!: boolean;
}
