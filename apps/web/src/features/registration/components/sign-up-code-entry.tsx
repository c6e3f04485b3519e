import { ClientMessages } from '@jibs/domain';
import { useMutation } from '@apollo/client/react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Ref } from 'react';
import { CodeInput } from '../../../shared/components/code-input';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { CompleteSignUpDocument, type SessionFragment } from '../../../gql/graphql';
import type { PendingSignUp } from '../utils/pending-sign-up';
import { StepButtons } from './step-buttons';
import { VERIFIED_NOTICE } from '../utils/verification-notices';

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
          title: ClientMessages.registrationFailedTitle,
          message: ClientMessages.userInfoUnavailable,
        });
        return;
      }
      notifications.show(VERIFIED_NOTICE);
      onSignedUp(data.completeSignUp);
    },
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
            Verify your email
          </Title>
          <Text c="gray.7">
            We sent a 6-digit code to <strong>{pending.sentTo}</strong>. It can be used until{' '}
            {clock.format(new Date(pending.expiresAt))}. Your account is created when you enter it.
          </Text>
        </Stack>

        {form.failure && (
          <Alert color="red" variant="light" title={form.failure.title} role="alert">
            {form.failure.message}
          </Alert>
        )}

        <CodeInput
          value={form.code}
          onChange={form.setCode}
          error={form.fieldError}
          invalid={form.invalid}
          inputRef={form.firstBox}
        />

        <Stack gap={6}>
          <Text size="sm" c="gray.7">
            Emails can take a minute to arrive. Please also look in your spam or junk folder.
          </Text>
          <Text size="sm" c="gray.7">
            No code, or it has expired? Go back, check your email address and choose Create Account
            again: we will send a new code.
          </Text>
        </Stack>

        <StepButtons onBack={onBack} backLabel="Change my details">
          <Button type="submit" loading={completing.loading}>
            Verify
          </Button>
        </StepButtons>
      </Stack>
    </form>
  );
}
