import { formatMoney, NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import { moneyIn, utcDateFor } from '../languages/mail-format';
import type { MemberLanguage } from '../languages/member-languages';
import { messagesOf } from '../languages/message-text';

/** What a notification consumer stores: title, message and type. */
export interface NotificationText {
  title: string;
  message: string;
  type: NotificationType;
}

/** Consecutive failed monthly payments after which a membership becomes inactive (spec 9). */
export const FAILED_PAYMENTS_BEFORE_INACTIVE = 3;

/** Money as the emails word it; the product's one format lives in `@jibs/domain`. */
export { formatMoney };

/** libs/i18n's `BillingNotifications` catalogue. */
const say = messagesOf('BillingNotifications');

type PaymentType = EventData<'payment.completed'>['type'];

/**
 * Billing's own description of a payment, when the member's messages use it: in English always;
 * in another language only for an 'other' payment, since billing words the fee and the dues in
 * English and the catalogue has them in the member's language.
 */
function givenDescription(
  lang: MemberLanguage,
  type: PaymentType | string,
  description?: string | null,
): string | undefined {
  if (lang.language !== 'en' && (type === 'registration' || type === 'membership')) return;
  return description?.trim() || undefined;
}

/** What a payment was for, in words; the billing description when it gave one. */
export function paymentPurpose(
  lang: MemberLanguage,
  type: PaymentType | string,
  description?: string | null,
): string {
  const given = givenDescription(lang, type, description);
  if (given) return given;
  switch (type) {
    case 'registration':
      return say(lang, 'purposeRegistration');
    case 'membership':
      return say(lang, 'purposeMembership');
    default:
      return say(lang, 'purposeOther');
  }
}

export function paymentCompletedText(
  data: EventData<'payment.completed'>,
  lang: MemberLanguage,
): NotificationText {
  const amount = moneyIn(lang, data.amount, data.currency);
  const description = givenDescription(lang, data.type, data.description);
  const message = description
    ? say(lang, 'paymentCompletedFor', { amount, description })
    : data.type === 'registration'
      ? say(lang, 'paymentCompletedRegistration', { amount })
      : data.type === 'membership'
        ? say(lang, 'paymentCompletedMembership', { amount })
        : say(lang, 'paymentCompleted', { amount });
  return {
    title: say(lang, 'paymentCompletedTitle'),
    message,
    type: NotificationType.SUCCESS,
  };
}

export function paymentFailedText(
  data: EventData<'payment.failed'>,
  lang: MemberLanguage,
): NotificationText {
  const amount = moneyIn(lang, data.amount, data.currency);
  if (data.type === 'membership') {
    const failures = Math.max(1, data.consecutiveFailures);
    const key =
      failures >= FAILED_PAYMENTS_BEFORE_INACTIVE ? 'duesFailedInactive' : 'duesFailedActive';
    const count = failures === 1 ? say(lang, 'failedOnce') : say(lang, 'failedMany', { failures });
    return {
      title: say(lang, 'duesFailedTitle'),
      message: say(lang, key, { amount, count, limit: FAILED_PAYMENTS_BEFORE_INACTIVE }),
      type: NotificationType.WARNING,
    };
  }
  return {
    title: say(lang, 'paymentDeclinedTitle'),
    message: say(
      lang,
      data.type === 'registration' ? 'paymentDeclinedRegistration' : 'paymentDeclined',
      { amount },
    ),
    type: NotificationType.WARNING,
  };
}

/**
 * Only meaningful transitions notify: dues becoming active, and a cancellation being scheduled.
 * Renewals and repeats of the same state say nothing. The event carries the state it replaced.
 */
export function subscriptionUpdatedText(
  data: EventData<'subscription.updated'>,
  lang: MemberLanguage,
): NotificationText | null {
  const { previous } = data;
  if (data.cancelAtPeriodEnd && !previous?.cancelAtPeriodEnd && data.status !== 'canceled') {
    return {
      title: say(lang, 'duesCancelledTitle'),
      message: data.currentPeriodEnd
        ? say(lang, 'duesCancelledOn', { date: utcDateFor(lang, data.currentPeriodEnd) })
        : say(lang, 'duesCancelledAtPeriodEnd'),
      type: NotificationType.INFO,
    };
  }
  if (data.status === 'active' && previous?.status !== 'active' && !data.cancelAtPeriodEnd) {
    return {
      title: say(lang, 'duesSetUpTitle'),
      message: say(lang, 'duesSetUp', { amount: moneyIn(lang, data.monthlyAmount) }),
      type: NotificationType.SUCCESS,
    };
  }
  return null;
}

export function membershipStatusText(
  data: EventData<'membership.status_changed'>,
  lang: MemberLanguage,
): NotificationText | null {
  if (data.from === data.to) return null;
  // An admin's change is told by the account-changes consumer, in its own words.
  if (data.changedBy) return null;
  if (data.to === 'active') {
    return {
      title: say(lang, 'membershipActiveTitle'),
      message: say(
        lang,
        data.from === 'inactive' ? 'membershipActiveAgain' : 'membershipActiveFirst',
      ),
      type: NotificationType.SUCCESS,
    };
  }
  if (data.to === 'inactive') {
    return {
      title: say(lang, 'membershipInactiveTitle'),
      message: say(lang, 'membershipInactive'),
      type: NotificationType.WARNING,
    };
  }
  return null;
}

const RELATIONSHIPS = {
  spouse: 'relationshipSpouse',
  child: 'relationshipChild',
  parent: 'relationshipParent',
} as const satisfies Record<EventData<'household.member_added'>['relationship'], string>;

export function householdMemberAddedText(
  data: EventData<'household.member_added'>,
  lang: MemberLanguage,
): NotificationText {
  const params = {
    firstName: data.firstName,
    relationship: say(lang, RELATIONSHIPS[data.relationship]),
  };
  return {
    title: say(lang, 'householdAddedTitle'),
    message:
      data.fee > 0
        ? say(lang, 'householdAddedFee', { ...params, fee: moneyIn(lang, data.fee) })
        : say(lang, 'householdAddedNoFee', params),
    type: NotificationType.INFO,
  };
}

export interface ReceiptDetails {
  paymentId: string;
  amount: number;
  currency: string;
  paymentType: string;
  description: string | null;
  paidAt: Date;
}

/** The plain-text receipt emailed for a completed payment, in the member's language. */
export function receiptEmail(
  receipt: ReceiptDetails,
  firstName: string,
  organisation: string,
  lang: MemberLanguage,
): { subject: string; text: string } {
  const amount = moneyIn(lang, receipt.amount, receipt.currency);
  return {
    subject: say(lang, 'receiptSubject', { organisation, amount }),
    text: [
      say(lang, 'receiptDear', { firstName }),
      '',
      say(lang, 'receiptThanks', { organisation }),
      '',
      say(lang, 'receiptAmount', { amount }),
      say(lang, 'receiptCurrency', { currency: receipt.currency.toUpperCase() }),
      say(lang, 'receiptFor', {
        purpose: paymentPurpose(lang, receipt.paymentType, receipt.description),
      }),
      say(lang, 'receiptDate', { date: utcDateFor(lang, receipt.paidAt) }),
      say(lang, 'receiptPaymentId', { paymentId: receipt.paymentId }),
      '',
      say(lang, 'receiptKeep'),
      '',
      organisation,
      '',
    ].join('\n'),
  };
}
