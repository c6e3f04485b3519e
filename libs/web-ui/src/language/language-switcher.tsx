import { HeaderMessages } from '@jibs/domain';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@jibs/i18n';
import { noteReaderChoice, setLocale, useLanguage, useMessages } from '@jibs/web-data';
import type { CSSProperties } from 'react';

const STYLE: CSSProperties = {
  font: 'inherit',
  fontSize: 'var(--mantine-font-size-sm)',
  color: 'var(--mantine-color-gray-8)',
  background: 'var(--mantine-color-white)',
  border: '1px solid var(--mantine-color-gray-4)',
  borderRadius: 'var(--mantine-radius-md)',
  paddingBlock: 6,
  paddingInline: 8,
  minHeight: 36,
};

/**
 * The header's language choice (English, العربية, اردو): a native select, so it costs the first
 * page almost nothing. The page switches once the language's catalogue is in; `onChosen` lets a
 * signed-in member's choice be stored on their profile too.
 */
export function LanguageSwitcher({ onChosen }: { onChosen?: (locale: Locale) => void }) {
  const { locale } = useLanguage();
  const { HeaderMessages: header } = useMessages({ HeaderMessages });
  return (
    <select
      aria-label={header.language}
      value={locale}
      style={STYLE}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (!isLocale(chosen)) return;
        // Noted now, not once the catalogue is in: a session restored meanwhile keeps it.
        noteReaderChoice({ locale: chosen });
        void setLocale(chosen).then(() => onChosen?.(chosen));
      }}
    >
      {LOCALES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LOCALE_NAMES[option]}
        </option>
      ))}
    </select>
  );
}
