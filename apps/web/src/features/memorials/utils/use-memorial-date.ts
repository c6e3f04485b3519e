import { formatDate } from '@jibs/i18n';
import { useLanguage } from '@jibs/web-data';

/**
 * A memorial's dates (birth, death, a memory, an anniversary) in the reader's language, the
 * Umm al-Qura date always beside the Gregorian one: a memorial has always shown both.
 */
export function useMemorialDate(): (value: string | null | undefined) => string {
  const { locale } = useLanguage();
  return (value) => formatDate(value, { locale, hijri: true });
}
