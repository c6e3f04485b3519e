import { useApolloClient, useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { AdminLayoutMessages } from '@jibs/domain';
import { isLocale, type Locale } from '@jibs/i18n';
import { setLocale, setShowHijri, translateText } from '@jibs/web-data';
import { useEffect, useState } from 'react';
import { AdminLanguageDocument, SaveAdminLanguageDocument } from '../../../gql/graphql';

/**
 * The signed-in admin's language and calendar, from their own profile (an admin is a user):
 * applied once they are signed in, before the console renders (no flash of another language);
 * `ready` is false until then. A profile that cannot be read leaves the browser's choice.
 */
export function useProfileLanguage(signedIn: boolean): { ready: boolean } {
  const client = useApolloClient();
  const [applied, setApplied] = useState(false);

  useEffect(() => {
    if (!signedIn || applied) return;
    let current = true;
    void client
      .query({ query: AdminLanguageDocument, fetchPolicy: 'network-only' })
      .then(async ({ data }) => {
        const me = data?.me;
        if (!me || !current) return;
        if (typeof me.showHijri === 'boolean') setShowHijri(me.showHijri);
        if (isLocale(me.language)) await setLocale(me.language);
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setApplied(true);
      });
    return () => {
      current = false;
    };
  }, [client, signedIn, applied]);

  return { ready: applied };
}

/** Saves the header's choices on the admin's profile (the cookie already holds them). */
export function useSaveProfileLanguage(): {
  saveLanguage: (language: Locale) => void;
  saveHijri: (showHijri: boolean) => void;
} {
  const [save] = useMutation(SaveAdminLanguageDocument);
  const run = (input: { language?: Locale; showHijri?: boolean }) => {
    save({ variables: { input } }).catch(() =>
      notifications.show({
        color: 'red',
        message: translateText(AdminLayoutMessages.languageNotSaved),
      }),
    );
  };
  return {
    saveLanguage: (language) => run({ language }),
    saveHijri: (showHijri) => run({ showHijri }),
  };
}
