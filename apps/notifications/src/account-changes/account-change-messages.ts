import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';

const STATUS_NAMES: Record<EventData<'membership.status_changed'>['to'], string> = {
  active: 'Active',
  pending: 'Pending',
  inactive: 'Inactive',
};

/** The member's notification for a role an admin gave them. */
export function roleChangedText(data: EventData<'user.role_changed'>): NotificationText {
  return data.to === 'admin'
    ? {
        title: 'You are now an admin',
        message:
          'An administrator gave your account the admin role. Please sign in again to use the admin console; you will be asked to set up an authenticator app.',
        type: NotificationType.INFO,
      }
    : {
        title: 'Your role has changed',
        message:
          'An administrator changed your account to a member account. Please sign in again to continue.',
        type: NotificationType.INFO,
      };
}

/**
 * The member's notification for a membership status an admin set (`changedBy`); a status the
 * payments decided is told by the billing consumer, in its own words.
 */
export function adminMembershipStatusText(
  data: EventData<'membership.status_changed'>,
): NotificationText | null {
  if (!data.changedBy || data.from === data.to) return null;
  const status = STATUS_NAMES[data.to];
  switch (data.to) {
    case 'active':
      return {
        title: 'Your membership is active',
        message: 'An administrator set your membership status to Active.',
        type: NotificationType.SUCCESS,
      };
    case 'inactive':
      return {
        title: 'Your membership is inactive',
        message: `An administrator set your membership status to ${status}. Please contact us if you think this is a mistake.`,
        type: NotificationType.WARNING,
      };
    case 'pending':
      return {
        title: 'Your membership is pending',
        message: `An administrator set your membership status to ${status}. Please contact us if you have any questions.`,
        type: NotificationType.INFO,
      };
  }
}
