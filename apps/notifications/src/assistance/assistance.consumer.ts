import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
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

function textFor(event: AssistanceEvent): NotificationText {
  switch (event.type) {
    case 'assistance.proposed':
      return payoutProposedText(event.data);
    case 'assistance.approved':
      return payoutApprovedText(event.data);
    case 'assistance.paid':
      return payoutPaidText(event.data);
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
  ) {}

  @OnEvents(ASSISTANCE_TOPICS, { group: ASSISTANCE_GROUP, batch: true })
  async handle(events: AssistanceEvent[], manager: EntityManager): Promise<void> {
    const settings = await this.mail.settings(manager);
    const members = await this.mail.members(
      manager,
      events.map((event) => event.data.userId),
    );
    const mails: OwedMail[] = [];
    const notifications = events.map((event) => {
      const text = textFor(event);
      if (settings.emailNotifications) {
        const firstName = members.get(event.data.userId)?.firstName ?? 'friend';
        mails.push({
          eventId: event.id,
          to: { userId: event.data.userId },
          // The family chose how to hear of money matters; the bell always says it.
          category: 'payments',
          ...reviewEmail(text, firstName, settings.organisation),
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
