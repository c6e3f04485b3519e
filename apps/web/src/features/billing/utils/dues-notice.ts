import { PaymentMessages } from '@jibs/domain';
import { translateText, type MembershipStatus } from '@jibs/web-data';

/**
 * The toast once the monthly dues are applied (spec 4 and 8): 'Registration Complete!' when the
 * dues finish a registration, 'Subscription Created' when a member whose membership had ended
 * (inactive) sets the dues up again from the profile.
 */
export function duesAppliedNotice(statusBefore: MembershipStatus | null) {
  const notice = englishNotice(statusBefore);
  return { ...notice, title: translateText(notice.title), message: translateText(notice.message) };
}

function englishNotice(statusBefore: MembershipStatus | null) {
  return statusBefore === 'INACTIVE'
    ? {
        color: 'green',
        title: PaymentMessages.subscriptionCreatedTitle,
        message: PaymentMessages.subscriptionCreated,
      }
    : {
        color: 'green',
        title: PaymentMessages.registrationCompleteTitle,
        message: PaymentMessages.registrationComplete,
      };
}
