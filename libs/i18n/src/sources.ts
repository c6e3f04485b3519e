import { AccountEmails, MessageCatalog, NotificationMessageCatalog } from '@jibs/domain';
import type { MessageSources } from './english-catalogue';

/**
 * The message objects every language translates, by namespace: one `catalogues/<locale>/<name>.json`
 * each. A message object added elsewhere (the emails' texts) is added here too.
 */
export const TRANSLATED_MESSAGES: MessageSources = {
  ...MessageCatalog,
  // The emails, texts and bell messages of notifications and identity (wt-i18n-server).
  ...NotificationMessageCatalog,
  AccountEmails,
};
