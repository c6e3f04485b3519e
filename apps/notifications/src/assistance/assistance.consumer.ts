import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { MemberLanguages, type MemberLanguage } from '../languages/member-languages';
import type { NotificationText } from '../billing/billing-messages';
import { NotificationsService } from '../notifications/notifications.service';
import { ReviewMailService, type OwedMail } from '../reviews/review-mail.service';
import { reviewEmail } from '../reviews/review-messages';
import { payoutApprovedText, payoutPaidText, payoutProposedText } from './assistance-messages';

export const ASSISTANCE_GROUP = 'notifications.assistance';

export const ASSISTANCE_TOPICS = [
  'assistance.proposed',
  'assistance.approved',
  'assistance.paid',
] as const;

type AssistanceEvent = EventOf<(typeof ASSISTANCE_TOPICS)[number]>;

function textFor(event: AssistanceEvent, lang: MemberLanguage): NotificationText {
  switch (event.type) {
    case 'assistance.proposed':
      return payoutProposedText(event.data, lang);
    case 'assistance.approved':
      return payoutApprovedText(event.data, lang);
    case 'assistance.paid':
      return payoutPaidText(event.data, lang);
  }
}

/**
 * Burial-assistance payouts told to the family: each step in the bell and by email (while the
 * admin's email notifications are on), once per event however often it is delivered, the mail
 * sent after the commit through the same owed-mail path as review outcomes.
 */
@Injectable()
export class AssistanceConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly mail: ReviewMailService,
    private readonly languages: MemberLanguages,
  ) {}

  @OnEvents(ASSISTANCE_TOPICS, { group: ASSISTANCE_GROUP, batch: true })
  async handle(events: AssistanceEvent[], manager: EntityManager): Promise<void> {
    const settings = await this.mail.settings(manager);
    const userIds = events.map((event) => event.data.userId);
    const members = await this.mail.members(manager, userIds);
    const languages = await this.languages.of(manager, userIds);
    const mails: OwedMail[] = [];
    const notifications = events.map((event) => {
      const lang = languages.get(event.data.userId);
      const text = textFor(event, lang);
      if (settings.emailNotifications) {
        const firstName = members.get(event.data.userId)?.firstName ?? null;
        mails.push({
          eventId: event.id,
          to: { userId: event.data.userId },
          // The family chose how to hear of money matters; the bell always says it.
          category: 'payments',
          language: lang.language,
          ...reviewEmail(text, firstName, settings.organisation, lang),
        });
      }
      return { userId: event.data.userId, ...text };
    });
    await this.notifications.createMany(manager, notifications);
    await this.mail.record(manager, mails);
  }

  /** After the commit, on every delivery: the mails these events owe and that are not sent. */
  @AfterEvents(ASSISTANCE_TOPICS, { group: ASSISTANCE_GROUP })
  async send(events: AssistanceEvent[]): Promise<void> {
    await this.mail.sendForEvents(events.map((event) => event.id));
  }
}
