import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { NotificationsService, type NewNotification } from '../notifications/notifications.service';
import {
  documentReviewedText,
  documentUploadedAdminEmail,
  reportReviewedText,
  reportSubmittedAdminEmail,
  reviewEmail,
} from './review-messages';
import { ReviewMailService, type OwedMail } from './review-mail.service';
import { ENGLISH, MemberLanguages } from '../languages/member-languages';

export const REVIEWS_GROUP = 'notifications.reviews';

export const REVIEW_TOPICS = [
  'report.submitted',
  'report.reviewed',
  'document.uploaded',
  'document.reviewed',
] as const;

type ReviewEvent = EventOf<(typeof REVIEW_TOPICS)[number]>;

/**
 * Death reports and documents: a review becomes the member's notification (live in the bell)
 * and an email to them (of the reports and documents kind); a new report or document emails
 * the admins at the settings' admin email, while email notifications are on. Once per event
 * however often it is delivered.
 */
@Injectable()
export class ReviewsConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly mail: ReviewMailService,
    private readonly languages: MemberLanguages,
  ) {}

  @OnEvents(REVIEW_TOPICS, { group: REVIEWS_GROUP, batch: true })
  async handle(events: ReviewEvent[], manager: EntityManager): Promise<void> {
    const settings = await this.mail.settings(manager);
    const userIds = events.map((event) => event.data.userId);
    const members = await this.mail.members(manager, userIds);
    const languages = await this.languages.of(manager, userIds);
    const notifications: NewNotification[] = [];
    const mails: OwedMail[] = [];
    for (const event of events) {
      const member = members.get(event.data.userId) ?? null;
      const lang = languages.get(event.data.userId);
      switch (event.type) {
        case 'report.reviewed':
        case 'document.reviewed': {
          const text =
            event.type === 'report.reviewed'
              ? reportReviewedText(event.data, lang)
              : documentReviewedText(event.data, lang);
          notifications.push({ userId: event.data.userId, ...text });
          // The bell always; the email as the site's switch and the member's choice allow.
          mails.push({
            eventId: event.id,
            to: { userId: event.data.userId },
            category: 'reports_documents',
            language: lang.language,
            ...reviewEmail(text, member?.firstName ?? null, settings.organisation, lang),
          });
          break;
        }
        case 'report.submitted':
        case 'document.uploaded': {
          mails.push({
            eventId: event.id,
            to: { address: settings.adminEmail },
            category: 'essential',
            language: ENGLISH.language,
            ...(event.type === 'report.submitted'
              ? reportSubmittedAdminEmail(event.data, member, settings.organisation)
              : documentUploadedAdminEmail(event.data, member, settings.organisation)),
          });
          break;
        }
      }
    }
    await this.notifications.createMany(manager, notifications);
    await this.mail.record(manager, mails);
  }

  /** After the commit, on every delivery: the mails these events owe and that are not sent. */
  @AfterEvents(REVIEW_TOPICS, { group: REVIEWS_GROUP })
  async send(events: ReviewEvent[]): Promise<void> {
    await this.mail.sendForEvents(events.map((event) => event.id));
  }
}
