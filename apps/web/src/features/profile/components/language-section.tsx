import { useMutation } from '@apollo/client/react';
import { ClientMessages, HeaderMessages, MemberProfileMessages } from '@jibs/domain';
import { LOCALE_NAMES, LOCALES, isLocale } from '@jibs/i18n';
import {
  actionErrorNotice,
  setLocale,
  setShowHijri,
  toApiError,
  translateText,
  useLanguage,
  useMessages,
} from '@jibs/web-data';
import { Card, Checkbox, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  UpdateProfileDocument,
  type ProfileFragment,
  type UpdateProfileInput,
} from '../../../gql/graphql';

const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/**
 * The member's language and Hijri choice, stored on their profile (issue 27): the page switches
 * at once, and a choice that cannot be saved leaves the switch and says so.
 */
export function LanguageSection({ profile }: { profile: ProfileFragment }) {
  const { locale, hijri } = useLanguage();
  const { MemberProfileMessages: text, HeaderMessages: header } = useMessages({
    MemberProfileMessages,
    HeaderMessages,
  });
  const [update] = useMutation(UpdateProfileDocument);

  const save = async (input: UpdateProfileInput) => {
    try {
      await update({ variables: { input } });
      // Read at the time of the notice: in the language just chosen.
      notifications.show({
        color: 'jibs',
        title: translateText(ClientMessages.successTitle),
        message: translateText(ClientMessages.profileUpdated),
      });
    } catch (failure) {
      const notice = actionErrorNotice(ClientMessages.profileUpdateFailed, toApiError(failure));
      notifications.show({ color: 'red', title: notice.title, message: notice.message });
    }
  };

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="language">
      <Stack gap="md">
        <Title order={2} size="h3" id="language">
          {text.languageAndDates}
        </Title>
        <Text c="gray.7">{text.languageIntro}</Text>
        <Select
          label={header.language}
          data={LANGUAGE_OPTIONS}
          allowDeselect={false}
          maw={320}
          // What the page shows: the profile's choice once signed in (see followMemberChoice).
          value={locale}
          onChange={(value) => {
            if (!isLocale(value)) return;
            void setLocale(value).then(() => {
              if (value !== profile.language) void save({ language: value });
            });
          }}
        />
        <Checkbox
          label={text.showHijri}
          checked={hijri}
          onChange={(event) => {
            const chosen = event.currentTarget.checked;
            setShowHijri(chosen);
            if (chosen !== profile.showHijri) void save({ showHijri: chosen });
          }}
        />
      </Stack>
    </Card>
  );
}
