import { formatMoney, formatUtcDate, NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';

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

type PaymentType = EventData<'payment.completed'>['type'];

/** What a payment was for, in words; the billing description when it gave one. */
export function paymentPurpose(type: PaymentType | string, description?: string | null): string {
  const given = description?.trim();
  if (given) return given;
  switch (type) {
    case 'registration':
      return 'Household registration fee';
    case 'membership':
      return 'Monthly membership dues';
    default:
      return 'Payment';
  }
}

function purposePhrase(type: PaymentType, description: string | null): string {
  const given = description?.trim();
  if (given) return ` for ${given}`;
  if (type === 'registration') return ' for your household registration fee';
  if (type === 'membership') return ' for your monthly membership dues';
  return '';
}

export function paymentCompletedText(data: EventData<'payment.completed'>): NotificationText {
  return {
    title: 'Payment received',
    message: `We received your payment of ${formatMoney(data.amount, data.currency)}${purposePhrase(data.type, data.description)}. Thank you. A receipt is on its way to your email address.`,
    type: NotificationType.SUCCESS,
  };
}

export function paymentFailedText(data: EventData<'payment.failed'>): NotificationText {
  const amount = formatMoney(data.amount, data.currency);
  if (data.type === 'membership') {
    const failures = Math.max(1, data.consecutiveFailures);
    const count =
      failures === 1
        ? 'This is 1 failed payment in a row'
        : `This is ${failures} failed payments in a row`;
    const consequence =
      failures >= FAILED_PAYMENTS_BEFORE_INACTIVE
        ? `; ${FAILED_PAYMENTS_BEFORE_INACTIVE} in a row make a membership inactive. Please update your payment method to reactivate it.`
        : `; ${FAILED_PAYMENTS_BEFORE_INACTIVE} in a row make a membership inactive. Please check your payment method so your membership stays active.`;
    return {
      title: 'Monthly dues payment failed',
      message: `Your monthly dues payment of ${amount} did not go through. ${count}${consequence}`,
      type: NotificationType.WARNING,
    };
  }
  const where = data.type === 'registration' ? 'Registration' : 'Profile';
  return {
    title: 'Payment declined',
    message: `Your payment of ${amount}${purposePhrase(data.type, null)} was declined, and nothing was charged. You can try again from your ${where} page.`,
    type: NotificationType.WARNING,
  };
}

/**
 * Only meaningful transitions notify: dues becoming active, and a cancellation being scheduled.
 * Renewals and repeats of the same state say nothing. The event carries the state it replaced.
 */
export function subscriptionUpdatedText(
  data: EventData<'subscription.updated'>,
): NotificationText | null {
  const { previous } = data;
  if (data.cancelAtPeriodEnd && !previous?.cancelAtPeriodEnd && data.status !== 'canceled') {
    const end = data.currentPeriodEnd
      ? `on ${formatUtcDate(data.currentPeriodEnd)}`
      : 'at the end of the current period';
    return {
      title: 'Monthly dues cancelled',
      message: `Your monthly dues subscription will end ${end}. No further payments will be taken after that.`,
      type: NotificationType.INFO,
    };
  }
  if (data.status === 'active' && previous?.status !== 'active' && !data.cancelAtPeriodEnd) {
    return {
      title: 'Monthly dues set up',
      message: `Your monthly dues of ${formatMoney(data.monthlyAmount)} are set up and will be paid automatically each month.`,
      type: NotificationType.SUCCESS,
    };
  }
  return null;
}

export function membershipStatusText(
  data: EventData<'membership.status_changed'>,
): NotificationText | null {
  if (data.from === data.to) return null;
  // An admin's change is told by the account-changes consumer, in its own words.
  if (data.changedBy) return null;
  if (data.to === 'active') {
    return {
      title: 'Your membership is active',
      message:
        data.from === 'inactive'
          ? 'Welcome back. Your membership is active again.'
          : 'Thank you. Your registration is complete and your membership is now active.',
      type: NotificationType.SUCCESS,
    };
  }
  if (data.to === 'inactive') {
    return {
      title: 'Your membership is inactive',
      message:
        'Your membership is now inactive. To reactivate it, set up your monthly dues again from your Profile page, or contact us if you think this is a mistake.',
      type: NotificationType.WARNING,
    };
  }
  return null;
}

const RELATIONSHIPS: Record<EventData<'household.member_added'>['relationship'], string> = {
  spouse: 'spouse',
  child: 'child',
  parent: 'parent',
};

export function householdMemberAddedText(
  data: EventData<'household.member_added'>,
): NotificationText {
  const fee =
    data.fee > 0
      ? ` A one-time fee of ${formatMoney(data.fee)} is due for this addition.`
      : ' No additional fee is due.';
  return {
    title: 'Household member added',
    message: `${data.firstName} was added to your household as your ${RELATIONSHIPS[data.relationship]}.${fee}`,
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

/** The plain-text receipt emailed for a completed payment. */
export function receiptEmail(
  receipt: ReceiptDetails,
  firstName: string,
  organisation: string,
): { subject: string; text: string } {
  const amount = formatMoney(receipt.amount, receipt.currency);
  return {
    subject: `${organisation} receipt: ${amount} received`,
    text: [
      `Dear ${firstName},`,
      '',
      `Thank you for your payment. This is your receipt from ${organisation}.`,
      '',
      `Amount:     ${amount}`,
      `Currency:   ${receipt.currency.toUpperCase()}`,
      `For:        ${paymentPurpose(receipt.paymentType, receipt.description)}`,
      `Date:       ${formatUtcDate(receipt.paidAt)}`,
      `Payment ID: ${receipt.paymentId}`,
      '',
      'Please keep this email for your records.',
      '',
      organisation,
      '',
    ].join('\n'),
  };
}
