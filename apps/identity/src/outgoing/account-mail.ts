import { AccountEmails, type Language } from '@jibs/domain';
import { t } from '@jibs/i18n';
import { inLanguage, type MailMessage } from '@jibs/mailer';

type Key = keyof typeof AccountEmails;

/** One of identity's messages (libs/domain `AccountEmails`) in a member's language. */
export const accountText = (
  language: Language,
  key: Key,
  params?: Record<string, string | number>,
): string => t(language, 'AccountEmails', key, params);

/**
 * An email of identity to a member, in their language: the greeting, the paragraphs, the
 * signature, and its HTML twin (`<html lang dir>`, right to left in Arabic and Urdu).
 */
export function accountMail(
  language: Language,
  to: string,
  firstName: string,
  subject: Key,
  paragraphs: readonly string[],
): MailMessage {
  const text = [accountText(language, 'hello', { firstName }), ...paragraphs, 'JIBS'].join('\n\n');
  return inLanguage({ to, subject: accountText(language, subject), text }, language);
}
