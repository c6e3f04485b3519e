import { HeaderMessages } from '@jibs/domain';
import { noteReaderChoice, setShowHijri, useLanguage, useMessages } from '@jibs/web-data';

/** "Hijri dates": dates show the Umm al-Qura date beside the Gregorian one (a cookie for visitors). */
export function HijriToggle({ onChosen }: { onChosen?: (hijri: boolean) => void }) {
  const { hijri } = useLanguage();
  const { HeaderMessages: header } = useMessages({ HeaderMessages });
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, cursor: 'pointer' }}>
      <input
        type="checkbox"
        checked={hijri}
        onChange={(event) => {
          const chosen = event.currentTarget.checked;
          noteReaderChoice({ hijri: chosen });
          setShowHijri(chosen);
          onChosen?.(chosen);
        }}
      />
      {header.hijriDates}
    </label>
  );
}
