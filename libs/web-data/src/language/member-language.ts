import { isLocale, type Locale } from '@jibs/i18n';
import { getLanguageState, setLocale, setShowHijri, takeReaderChoice } from './language-store';

/** A member's stored choices, as the profile gives them (absent or unknown reads as not set). */
export interface StoredLanguageChoice {
  language?: string | null;
  showHijri?: boolean | null;
}

export interface LanguageChoice {
  locale: Locale;
  hijri: boolean;
}

/**
 * What of the member's stored choices differs from the page's: once signed in the profile wins
 * over the cookie; a value the profile does not hold leaves the page's as it is.
 */
export function choicesToApply(
  stored: StoredLanguageChoice,
  current: LanguageChoice,
): Partial<LanguageChoice> {
  const changes: Partial<LanguageChoice> = {};
  if (isLocale(stored.language) && stored.language !== current.locale) {
    changes.locale = stored.language;
  }
  if (typeof stored.showHijri === 'boolean' && stored.showHijri !== current.hijri) {
    changes.hijri = stored.showHijri;
  }
  return changes;
}

/** Applies a member's stored language and Hijri choice to the page (and its cookies). */
export async function applyStoredChoice(
  stored: StoredLanguageChoice,
  current: LanguageChoice,
): Promise<void> {
  const changes = choicesToApply(stored, current);
  if (changes.hijri !== undefined) setShowHijri(changes.hijri);
  // A catalogue that cannot load leaves the page as it is (the switcher can try again).
  if (changes.locale) await setLocale(changes.locale).catch(() => undefined);
}

/**
 * When a member becomes known on this page (a restored session, a sign-in): the switches the
 * reader made on the page before then win over the profile's choices and are stored on it (a
 * restore that ended a second after the reader chose Arabic used to put the page back in the
 * profile's English); the profile's choices apply to the rest. Resolves once applied.
 */
export async function settleMemberChoice(
  stored: StoredLanguageChoice,
  save: (input: { language?: Locale; showHijri?: boolean }) => Promise<boolean>,
): Promise<void> {
  const own = takeReaderChoice();
  const input: { language?: Locale; showHijri?: boolean } = {};
  if (own.locale && own.locale !== stored.language) input.language = own.locale;
  if (own.hijri !== undefined && own.hijri !== stored.showHijri) input.showHijri = own.hijri;
  // The page already shows the reader's choice (or is loading its catalogue): a failed save
  // leaves the profile as it was.
  if (input.language !== undefined || input.showHijri !== undefined) void save(input);
  const { locale, hijri } = getLanguageState();
  await applyStoredChoice(
    {
      language: own.locale ? undefined : stored.language,
      showHijri: own.hijri !== undefined ? undefined : stored.showHijri,
    },
    { locale, hijri },
  );
}

interface SessionSource {
  getState(): { user: ({ id: string } & StoredLanguageChoice) | null };
  subscribe(listener: () => void): () => void;
  saveLanguageChoice(input: { language?: Locale; showHijri?: boolean }): Promise<boolean>;
}

/**
 * On sign-in and on a restored session, the member's stored choices are settled once with the
 * reader's own switches (settleMemberChoice); a renewal of the same member's session does not
 * undo a switch made since, and a switch made while signed in is the header's to store.
 */
export function followMemberChoice(session: SessionSource): () => void {
  let applied: string | null = null;
  const check = () => {
    const user = session.getState().user;
    if (!user) {
      // Signed out: what a member switched is theirs, not the next member's.
      if (applied !== null) takeReaderChoice();
      applied = null;
      return;
    }
    if (user.id === applied) {
      takeReaderChoice();
      return;
    }
    applied = user.id;
    void settleMemberChoice(user, (input) => session.saveLanguageChoice(input));
  };
  check();
  return session.subscribe(check);
}
