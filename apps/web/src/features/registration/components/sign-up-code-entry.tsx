import { ClientMessages, Messages } from '@jibs/domain';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ref } from 'react';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { CompleteSignUpDocument, type SessionFragment } from '../../../gql/graphql';
import type { PendingSignUp } from '../utils/pending-sign-up';
import { StepButtons } from './step-buttons';
import { VERIFIED_NOTICE } from '../utils/verification-notices';
import { useMutation } from '@apollo/client/react';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

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
  const [complete, completing] = useMutation(CompleteSignUpDocument);
  const form = useCodeForm({
    send: async (code) => {
      const { data } = await complete({ variables: { signUpToken: pending.signUpToken, code } });
      if (!data?.completeSignUp.user.id) {
        // The account was made but the answer carries no user (spec 8, registration).
        form.setFailure({
          title: Messages.registrationFailedTitle,
          message: ClientMessages.userInfoUnavailable,
        });
        return;
      }
      notifications.show(VERIFIED_NOTICE);
      onSignedUp(data.completeSignUp);
    },
  });

  return (
    <CodeEntryForm
      form={form}
      heading="Verify your email"
      headingRef={headingRef}
      intro={
        <>
          We sent a 6-digit code to <strong>{pending.sentTo}</strong>. It can be used until{' '}
          {clock.format(new Date(pending.expiresAt))}. Your account is created when you enter it.
        </>
      }
      after={
        <Stack gap={6}>
          <Text size="sm" c="gray.7">
            Emails can take a minute to arrive. Please also look in your spam or junk folder.
          </Text>
          <Text size="sm" c="gray.7">
            No code, or it has expired? Go back, check your email address and choose Create Account
            again: we will send a new code.
          </Text>
        </Stack>
      }
      actions={
        <StepButtons onBack={onBack} backLabel="Change my details">
          <Button type="submit" loading={completing.loading}>
            Verify
          </Button>
        </StepButtons>
      }
    />
  );
}
