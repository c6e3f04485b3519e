import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { NotificationKind } from '@jibs/domain';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { MemberLanguages } from '../languages/member-languages';
import { NotificationsService } from '../notifications/notifications.service';
import { reviewEmail } from '../reviews/review-messages';
import { ReviewMailService } from '../reviews/review-mail.service';
import { caseProgressedText } from './case-progress-messages';

export const CASES_GROUP = 'notifications.cases';

/** The preference kind these messages belong to (honoured once preferences exist). */
export const CASE_PROGRESS_KIND: NotificationKind = 'reports_documents';

type CaseEvent = EventOf<'case.progressed'>;

/**
 * A step of a case that cases performed (`case.progressed`): the family's bell and an email,
 * once per event however often it is delivered. Approval and rejection stay with
 * `report.reviewed` (ReviewsConsumer), so they are not told twice.
 */
@Injectable()
export class CaseProgressConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly mail: ReviewMailService,
    private readonly languages: MemberLanguages,
  ) {}

  @OnEvents('case.progressed', { group: CASES_GROUP, batch: true })
  async handle(events: CaseEvent[], manager: EntityManager): Promise<void> {
    const settings = await this.mail.settings(manager);
    const userIds = events.map((event) => event.data.userId);
    const members = await this.mail.members(manager, userIds);
    const languages = await this.languages.of(manager, userIds);
    const texts = events.map((event) => {
      const lang = languages.get(event.data.userId);
      return { event, lang, text: caseProgressedText(event.data, lang) };
    });
    await this.notifications.createMany(
      manager,
      texts.map(({ event, text }) => ({ userId: event.data.userId, ...text })),
    );
    if (!settings.emailNotifications) return;
    await this.mail.record(
      manager,
      texts.map(({ event, text, lang }) => ({
        eventId: event.id,
        to: { userId: event.data.userId },
        category: CASE_PROGRESS_KIND,
        language: lang.language,
        ...reviewEmail(
          text,
          members.get(event.data.userId)?.firstName ?? null,
          settings.organisation,
          lang,
        ),
      })),
    );
  }

  @AfterEvents('case.progressed', { group: CASES_GROUP })
  async send(events: CaseEvent[]): Promise<void> {
    await this.mail.sendForEvents(events.map((event) => event.id));
  }
}
