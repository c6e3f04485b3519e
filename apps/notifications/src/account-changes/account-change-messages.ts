import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import type { MemberLanguage } from '../languages/member-languages';
import { messagesOf } from '../languages/message-text';

/** libs/i18n's `AccountChangeNotifications` catalogue. */
const say = messagesOf('AccountChangeNotifications');

/** The member's notification for a role an admin gave them. */
export function roleChangedText(
  data: EventData<'user.role_changed'>,
  lang: MemberLanguage,
): NotificationText {
  return data.to === 'admin'
    ? {
        title: say(lang, 'roleAdminTitle'),
        message: say(lang, 'roleAdmin'),
        type: NotificationType.INFO,
      }
    : {
        title: say(lang, 'roleMemberTitle'),
        message: say(lang, 'roleMember'),
        type: NotificationType.INFO,
      };
}

/**
 * The member's notification for a membership status an admin set (`changedBy`); a status the
 * payments decided is told by the billing consumer, in its own words.
 */
export function adminMembershipStatusText(
  data: EventData<'membership.status_changed'>,
  lang: MemberLanguage,
): NotificationText | null {
  if (!data.changedBy || data.from === data.to) return null;
  switch (data.to) {
    case 'active':
      return {
        title: say(lang, 'statusActiveTitle'),
        message: say(lang, 'statusActive'),
        type: NotificationType.SUCCESS,
      };
    case 'inactive':
      return {
        title: say(lang, 'statusInactiveTitle'),
        message: say(lang, 'statusInactive'),
        type: NotificationType.WARNING,
      };
    case 'pending':
      return {
        title: say(lang, 'statusPendingTitle'),
        message: say(lang, 'statusPending'),
        type: NotificationType.INFO,
      };
  }
}
