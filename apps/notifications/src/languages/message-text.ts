import { NotificationMessageCatalog } from '@jibs/domain';
import { t } from '@jibs/i18n';
import type { MemberLanguage } from './member-languages';

export type MessageParams = Record<string, string | number>;

type Namespace = keyof typeof NotificationMessageCatalog;

/**
 * One namespace of the notifications' messages (English in libs/domain, every language in
 * libs/i18n's catalogues) in a member's language. Every email, text and bell message of this
 * service is worded through one of these.
 */
export function messagesOf<N extends Namespace>(namespace: N) {
  return (
    lang: MemberLanguage,
    key: keyof (typeof NotificationMessageCatalog)[N] & string,
    params?: MessageParams,
  ): string => t(lang.language, namespace, key, params);
}

/** The parts every member's email shares: greeting, footer lines, subject. */
export const mailText = messagesOf('NotificationMail');
