import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import { calendarDateFor, moneyIn } from '../languages/mail-format';
import type { MemberLanguage } from '../languages/member-languages';
import { messagesOf } from '../languages/message-text';

/** libs/i18n's `AssistanceNotifications` catalogue (payee and method worded there). */
const say = messagesOf('AssistanceNotifications');

const PAYEES = {
  family: 'payeeFamily',
  funeral_home: 'payeeFuneralHome',
  cemetery: 'payeeCemetery',
} as const satisfies Record<EventData<'assistance.paid'>['payee'], string>;

const METHODS = {
  check: 'methodCheck',
  bank_transfer: 'methodBankTransfer',
  cash: 'methodCash',
} as const satisfies Record<EventData<'assistance.paid'>['method'], string>;

const payeeAndMethod = (
  lang: MemberLanguage,
  data: Pick<EventData<'assistance.paid'>, 'payee' | 'method'>,
) => ({ payee: say(lang, PAYEES[data.payee]), method: say(lang, METHODS[data.method]) });

/** The family's notification for a proposed payout. */
export function payoutProposedText(
  data: EventData<'assistance.proposed'>,
  lang: MemberLanguage,
): NotificationText {
  return {
    title: say(lang, 'proposedTitle'),
    message: say(lang, data.needsSecondApproval ? 'proposedSecondApproval' : 'proposed', {
      amount: moneyIn(lang, data.amount),
      ...payeeAndMethod(lang, data),
    }),
    type: NotificationType.INFO,
  };
}

/** The family's notification for a payout approved by the second admin. */
export function payoutApprovedText(
  data: EventData<'assistance.approved'>,
  lang: MemberLanguage,
): NotificationText {
  return {
    title: say(lang, 'approvedTitle'),
    message: say(lang, 'approved', { amount: moneyIn(lang, data.amount) }),
    type: NotificationType.SUCCESS,
  };
}

/** The family's notification for a payout paid (English keeps the day as recorded). */
export function payoutPaidText(
  data: EventData<'assistance.paid'>,
  lang: MemberLanguage,
): NotificationText {
  const paidOn =
    lang.language === 'en' && !lang.showHijri ? data.paidOn : calendarDateFor(lang, data.paidOn);
  return {
    title: say(lang, 'paidTitle'),
    message: say(lang, 'paid', {
      amount: moneyIn(lang, data.amount),
      ...payeeAndMethod(lang, data),
      paidOn,
    }),
    type: NotificationType.SUCCESS,
  };
}
