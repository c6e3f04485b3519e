import { ClientMessages, Messages, RegistrationWizardMessages } from '@jibs/domain';
import { intlLocaleOf } from '@jibs/i18n';
import { translateText, useLanguage, useMessages } from '@jibs/web-data';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ref } from 'react';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { CompleteSignUpDocument, type SessionFragment } from '../../../gql/graphql';
import type { PendingSignUp } from '../utils/pending-sign-up';
import { StepButtons } from './step-buttons';
import { verifiedNotice } from '../utils/verification-notices';
import { Emphasized } from './emphasized';
import { useMutation } from '@apollo/client/react';

/**
 * Registration step 2 for a new sign-up: the 6-digit code emailed by startSignUp. The code
 * creates the account (its email verified) and signs in. An address that is already registered
 * got a notice instead of a code, so it sees exactly these screens and no code ever works.
 */
export function SignUpCodeEntry({
  pending,
  headingRef,
  onSignedUp,
  onBack,
}: {
  pending: PendingSignUp;
  headingRef?: Ref<HTMLHeadingElement>;
  onSignedUp: (session: SessionFragment) => void;
  onBack: () => void;
}) {
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  const { locale } = useLanguage();
  const clock = new Intl.DateTimeFormat(intlLocaleOf(locale), {
    hour: 'numeric',
    minute: '2-digit',
  });
  const [complete, completing] = useMutation(CompleteSignUpDocument);
  const form = useCodeForm({
    send: async (code) => {
      const { data } = await complete({ variables: { signUpToken: pending.signUpToken, code } });
      if (!data?.completeSignUp.user.id) {
        // The account was made but the answer carries no user (spec 8, registration).
        form.setFailure({
          title: translateText(Messages.registrationFailedTitle),
          message: translateText(ClientMessages.userInfoUnavailable),
        });
        return;
      }
      notifications.show(verifiedNotice());
      onSignedUp(data.completeSignUp);
    },
  });

  return (
    <CodeEntryForm
      form={form}
      heading={wizard.verifyEmailHeading}
      headingRef={headingRef}
      intro={
        <Emphasized
          text={wizard.signUpCodeSent(pending.sentTo, clock.format(new Date(pending.expiresAt)))}
          value={pending.sentTo}
        />
      }
      after={
        <Stack gap={6}>
          <Text size="sm" c="gray.7">
            {wizard.emailsTakeAMinute}
          </Text>
          <Text size="sm" c="gray.7">
            {wizard.noCodeGoBack}
          </Text>
        </Stack>
      }
      actions={
        <StepButtons onBack={onBack} backLabel={wizard.changeMyDetails}>
          <Button type="submit" loading={completing.loading}>
            {wizard.verify}
          </Button>
        </StepButtons>
      }
    />
  );
}
