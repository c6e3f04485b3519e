import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { MemberLanguages } from '../languages/member-languages';
import { NotificationsService, type NewNotification } from '../notifications/notifications.service';
import type { NotificationText } from '../billing/billing-messages';
import { memoryApprovedText, memorySubmittedText, reviewEmail } from './review-messages';
import { ReviewMailService, type OwedMail } from './review-mail.service';

export const MEMORIES_GROUP = 'notifications.memories';

export const MEMORY_TOPICS = ['memory.submitted', 'memory.approved'] as const;

type MemoryEvent = EventOf<(typeof MEMORY_TOPICS)[number]>;

/**
 * Memorial memories: one waiting for approval tells each moderator (creator and editors) in
 * the bell and by email; an approved one tells its contributor. Once per event.
 */
@Injectable()
export class MemoriesConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly mail: ReviewMailService,
    private readonly languages: MemberLanguages,
  ) {}

  @OnEvents(MEMORY_TOPICS, { group: MEMORIES_GROUP, batch: true })
  async handle(events: MemoryEvent[], manager: EntityManager): Promise<void> {
    const recipients = events.flatMap((event): { event: MemoryEvent; userId: string }[] =>
      event.type === 'memory.submitted'
        ? event.data.moderatorIds
            .filter((id) => id !== event.data.contributorId)
            .map((userId) => ({ event, userId }))
        : [{ event, userId: event.data.contributorId }],
    );
    const settings = await this.mail.settings(manager);
    const userIds = recipients.map((recipient) => recipient.userId);
    const members = await this.mail.members(manager, userIds);
    const languages = await this.languages.of(manager, userIds);
    const notifications: NewNotification[] = [];
    const mails: OwedMail[] = [];
    for (const { event, userId } of recipients) {
      const lang = languages.get(userId);
      const text: NotificationText =
        event.type === 'memory.submitted'
          ? memorySubmittedText(event.data, lang)
          : memoryApprovedText(event.data, lang);
      notifications.push({ userId, ...text });
      mails.push({
        eventId: event.id,
        to: { userId },
        category: 'memorials',
        language: lang.language,
        ...reviewEmail(text, members.get(userId)?.firstName ?? null, settings.organisation, lang),
      });
    }
    await this.notifications.createMany(manager, notifications);
    await this.mail.record(manager, mails);
  }

  @AfterEvents(MEMORY_TOPICS, { group: MEMORIES_GROUP })
  async send(events: MemoryEvent[]): Promise<void> {
    await this.mail.sendForEvents(events.map((event) => event.id));
  }
}
