import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { MemberLanguages } from '../languages/member-languages';
import { NotificationsService, type NewNotification } from '../notifications/notifications.service';
import { ReviewMailService, type OwedMail } from '../reviews/review-mail.service';
import { reviewEmail } from '../reviews/review-messages';
import { adminMembershipStatusText, roleChangedText } from './account-change-messages';

export const ACCOUNT_CHANGES_GROUP = 'notifications.account-changes';

export const ACCOUNT_CHANGE_TOPICS = ['user.role_changed', 'membership.status_changed'] as const;

type AccountChangeEvent = EventOf<(typeof ACCOUNT_CHANGE_TOPICS)[number]>;

/**
 * What an admin changed on a member's account (role, membership status set by hand) becomes
 * the member's notification, live in the bell, and an email as `decideDelivery` allows (a role
 * change is essential; a membership status is of the payments kind). Once per event however
 * often it is delivered.
 */
@Injectable()
export class AccountChangesConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly mail: ReviewMailService,
    private readonly languages: MemberLanguages,
  ) {}

  @OnEvents(ACCOUNT_CHANGE_TOPICS, { group: ACCOUNT_CHANGES_GROUP, batch: true })
  async handle(events: AccountChangeEvent[], manager: EntityManager): Promise<void> {
    const languages = await this.languages.of(
      manager,
      events.map((event) => event.data.userId),
    );
    const texts = events.flatMap((event) => {
      const lang = languages.get(event.data.userId);
      const text =
        event.type === 'user.role_changed'
          ? roleChangedText(event.data, lang)
          : adminMembershipStatusText(event.data, lang);
      return text ? [{ event, text, lang }] : [];
    });
    if (texts.length === 0) return;
    const settings = await this.mail.settings(manager);
    const members = await this.mail.members(
      manager,
      texts.map(({ event }) => event.data.userId),
    );
    const notifications: NewNotification[] = texts.map(({ event, text }) => ({
      userId: event.data.userId,
      ...text,
    }));
    const mails: OwedMail[] = texts.map(({ event, text, lang }) => ({
      eventId: event.id,
      to: { userId: event.data.userId },
      // A changed role changes what the account can do: a security message.
      category: event.type === 'user.role_changed' ? 'essential' : 'payments',
      language: lang.language,
      ...reviewEmail(
        text,
        members.get(event.data.userId)?.firstName ?? null,
        settings.organisation,
        lang,
      ),
    }));
    await this.notifications.createMany(manager, notifications);
    await this.mail.record(manager, mails);
  }

  /** After the commit, on every delivery: the mails these events owe and that are not sent. */
  @AfterEvents(ACCOUNT_CHANGE_TOPICS, { group: ACCOUNT_CHANGES_GROUP })
  async send(events: AccountChangeEvent[]): Promise<void> {
    await this.mail.sendForEvents(events.map((event) => event.id));
  }
}
