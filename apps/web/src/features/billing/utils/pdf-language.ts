import type { Locale } from '@jibs/i18n';

/**
 * A PDF's address with the reader's language and calendar choice (`?lang=ar&hijri=1`), which
 * billing renders the PDF in; an English reader's address is as it always was.
 */
export function inReadersLanguage(url: string, reader: { locale: Locale; hijri: boolean }): string {
  const query = new URLSearchParams();
  if (reader.locale !== 'en') query.set('lang', reader.locale);
  if (reader.hijri) query.set('hijri', '1');
  const params = query.toString();
  if (!params) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${params}`;
}
