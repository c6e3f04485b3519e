import {
  formatCents,
  NotificationType,
  PAYOUT_METHOD_LABELS,
  PAYEE_KIND_LABELS,
} from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';

const payeeWords = (payee: keyof typeof PAYEE_KIND_LABELS): string =>
  payee === 'family' ? 'your family' : `the ${PAYEE_KIND_LABELS[payee].toLowerCase()}`;

/** The family's notification for a proposed payout. */
export function payoutProposedText(data: EventData<'assistance.proposed'>): NotificationText {
  const next = data.needsSecondApproval
    ? 'A second member of our team will approve it before it is paid.'
    : 'It will be paid shortly.';
  return {
    title: 'Burial Assistance Proposed',
    message: `A burial assistance payment of ${formatCents(data.amount)} to ${payeeWords(data.payee)} (${PAYOUT_METHOD_LABELS[data.method].toLowerCase()}) has been proposed. ${next}`,
    type: NotificationType.INFO,
  };
}

/** The family's notification for a payout approved by the second admin. */
export function payoutApprovedText(data: EventData<'assistance.approved'>): NotificationText {
  return {
    title: 'Burial Assistance Approved',
    message: `The burial assistance payment of ${formatCents(data.amount)} has been approved and will be paid shortly.`,
    type: NotificationType.SUCCESS,
  };
}

/** The family's notification for a payout paid. */
export function payoutPaidText(data: EventData<'assistance.paid'>): NotificationText {
  return {
    title: 'Burial Assistance Paid',
    message: `The burial assistance payment of ${formatCents(data.amount)} to ${payeeWords(data.payee)} was paid on ${data.paidOn} (${PAYOUT_METHOD_LABELS[data.method].toLowerCase()}).`,
    type: NotificationType.SUCCESS,
  };
}
