import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { MemberLanguages, type MemberLanguage } from '../languages/member-languages';
import { NotificationsService, type NewNotification } from '../notifications/notifications.service';
import {
  householdMemberAddedText,
  membershipStatusText,
  paymentCompletedText,
  paymentFailedText,
  subscriptionUpdatedText,
  type NotificationText,
} from './billing-messages';
import { decideDelivery } from '../preferences/delivery-decision';
import { siteSwitches } from '../settings/member-emails';
import { ReceiptsService } from './receipts.service';

export const BILLING_GROUP = 'notifications.billing';

export const BILLING_TOPICS = [
  'payment.completed',
  'payment.failed',
  'subscription.updated',
  'membership.status_changed',
  'household.member_added',
] as const;

type BillingEvent = EventOf<(typeof BILLING_TOPICS)[number]>;

/**
 * Turns billing's events into the member's notifications, once per event however often it is
 * delivered (the inbox), and emails a receipt for each completed payment after the
 * notification's transaction has committed.
 */
@Injectable()
export class BillingConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly receipts: ReceiptsService,
    private readonly languages: MemberLanguages,
  ) {}

  /**
   * A batch at a time, in partition order: receipts recorded with one statement, the
   * notifications stored and announced with two; the texts are pure functions of
   * the events (a subscription's carries the state it replaced).
   */
  @OnEvents(BILLING_TOPICS, { group: BILLING_GROUP, batch: true })
  async notify(events: BillingEvent[], manager: EntityManager): Promise<void> {
    // Receipts are essential: whatever the member chose, but none while the site sends no email.
    const receipt = decideDelivery('essential', {
      choice: null,
      hasEmail: true,
      verifiedPhone: false,
      site: await siteSwitches(manager),
    });
    if (receipt.email) {
      await this.receipts.recordAll(
        manager,
        events
          .filter((event) => event.type === 'payment.completed')
          .map((event) => ({ data: event.data, paidAt: new Date(event.time) })),
      );
    }
    const languages = await this.languages.of(
      manager,
      events.map((event) => event.data.userId),
    );
    const notifications: NewNotification[] = [];
    for (const event of events) {
      const text = textFor(event, languages.get(event.data.userId));
      if (text) notifications.push({ userId: event.data.userId, ...text });
    }
    await this.notifications.createMany(manager, notifications);
  }

  /**
   * After the commit, and on every delivery: a receipt whose send failed (or whose previous
   * delivery crashed before sending) is retried; a sent one is not resent.
   */
  @AfterEvents('payment.completed', { group: BILLING_GROUP })
  async sendReceipts(events: EventOf<'payment.completed'>[]): Promise<void> {
    await this.receipts.sendForPayments(events.map((event) => event.data.paymentId));
  }
}

function textFor(event: BillingEvent, lang: MemberLanguage): NotificationText | null {
  switch (event.type) {
    case 'payment.completed':
      return paymentCompletedText(event.data, lang);
    case 'payment.failed':
      return paymentFailedText(event.data, lang);
    case 'subscription.updated':
      return subscriptionUpdatedText(event.data, lang);
    case 'membership.status_changed':
      return membershipStatusText(event.data, lang);
    case 'household.member_added':
      return householdMemberAddedText(event.data, lang);
  }
}
