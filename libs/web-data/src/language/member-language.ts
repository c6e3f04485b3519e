import { isLocale, type Locale } from '@jibs/i18n';
import { getLanguageState, setLocale, setShowHijri } from './language-store';

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

interface SessionSource {
  getState(): { user: ({ id: string } & StoredLanguageChoice) | null };
  subscribe(listener: () => void): () => void;
}

/**
 * On sign-in and on a restored session, the member's stored choices are applied once (a renewal
 * of the same member's session does not undo a switch made since).
 */
export function followMemberChoice(session: SessionSource): () => void {
  let applied: string | null = null;
  const check = () => {
    const user = session.getState().user;
    if (!user) {
      applied = null;
      return;
    }
    if (user.id === applied) return;
    applied = user.id;
    const { locale, hijri } = getLanguageState();
    void applyStoredChoice(user, { locale, hijri });
  };
  check();
  return session.subscribe(check);
}
