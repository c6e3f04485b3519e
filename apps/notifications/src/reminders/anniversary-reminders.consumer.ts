import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { MemberLanguages } from '../languages/member-languages';
import { NotificationsService } from '../notifications/notifications.service';
import { ReviewMailService, type OwedMail } from '../reviews/review-mail.service';
import {
  anniversaryReminderEmail,
  anniversaryReminderText,
  REMINDER_KIND,
} from './reminder-messages';

export const REMINDERS_GROUP = 'notifications.reminders';

const REMINDER_TOPICS = ['memorial.anniversary_due'] as const;

type ReminderEvent = EventOf<(typeof REMINDER_TOPICS)[number]>;

/**
 * Anniversary reminders: each due reminder (memorials sends one per memorial, member, calendar
 * and year) becomes one bell notification and one email to its member, once per event (the
 * inbox), the email after the commit.
 */
@Injectable()
export class AnniversaryRemindersConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly mail: ReviewMailService,
    private readonly languages: MemberLanguages,
  ) {}

  @OnEvents(REMINDER_TOPICS, { group: REMINDERS_GROUP, batch: true })
  async handle(events: ReminderEvent[], manager: EntityManager): Promise<void> {
    const settings = await this.mail.settings(manager);
    const userIds = events.map((event) => event.data.userId);
    const members = await this.mail.members(manager, userIds);
    const languages = await this.languages.of(manager, userIds);
    const texts = events.map((event) => {
      const lang = languages.get(event.data.userId);
      return { event, lang, text: anniversaryReminderText(event.data, lang) };
    });
    await this.notifications.createMany(
      manager,
      texts.map(({ event, text }) => ({ userId: event.data.userId, ...text })),
    );
    if (!settings.emailNotifications) return;
    const mails: OwedMail[] = texts.map(({ event, text, lang }) => ({
      eventId: event.id,
      to: { userId: event.data.userId },
      category: REMINDER_KIND,
      language: lang.language,
      ...anniversaryReminderEmail(
        text,
        members.get(event.data.userId)?.firstName ?? null,
        settings.organisation,
        lang,
      ),
    }));
    await this.mail.record(manager, mails);
  }

  @AfterEvents(REMINDER_TOPICS, { group: REMINDERS_GROUP })
  async send(events: ReminderEvent[]): Promise<void> {
    await this.mail.sendForEvents(events.map((event) => event.id));
  }
}
