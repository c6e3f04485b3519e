import { notifications } from '@mantine/notifications';
import { AdminLayoutMessages } from '@jibs/domain';
import type { Locale } from '@jibs/i18n';
import { settleMemberChoice, translateText, useSession, useSessionManager } from '@jibs/web-data';
import { useEffect, useState } from 'react';

/**
 * The signed-in admin's language and calendar, from their own profile (an admin is a user, and
 * the shared session carries both choices, as the member site's does): applied once they are
 * signed in, before the console renders (no flash of another language); `ready` is false until
 * then.
 */
export function useProfileLanguage(signedIn: boolean): { ready: boolean } {
  const user = useSession().user;
  const manager = useSessionManager();
  const [appliedFor, setAppliedFor] = useState<string | null>(null);
  const userId = signedIn && user ? user.id : null;

  useEffect(() => {
    if (!userId || !user || appliedFor === userId) return;
    let current = true;
    // A switch made on the sign-in page wins over the profile's and is stored on it.
    void settleMemberChoice(user, (input) => manager.saveLanguageChoice(input)).finally(() => {
      if (current) setAppliedFor(userId);
    });
    return () => {
      current = false;
    };
  }, [userId, user, appliedFor, manager]);

  return { ready: userId !== null && appliedFor === userId };
}

/**
 * Saves the header's choices on the admin's profile through the session manager, the member
 * site's one way (the cookie already holds them; a failed save says so and leaves the page
 * switched).
 */
export function useSaveProfileLanguage(): {
  saveLanguage: (language: Locale) => void;
  saveHijri: (showHijri: boolean) => void;
} {
  const manager = useSessionManager();
  const run = (input: { language?: Locale; showHijri?: boolean }) => {
    void manager.saveLanguageChoice(input).then((saved) => {
      if (!saved) {
        notifications.show({
          color: 'red',
          message: translateText(AdminLayoutMessages.languageNotSaved),
        });
      }
    });
  };
  return {
    saveLanguage: (language) => run({ language }),
    saveHijri: (showHijri) => run({ showHijri }),
  };
}
