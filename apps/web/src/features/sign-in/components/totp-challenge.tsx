import { Anchor, Button, Group } from '@mantine/core';
import { Messages } from '@jibs/domain';
import { useEffect, useRef } from 'react';
import { isChallengeExpired, type ErrorNotice } from '@jibs/web-data';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { TotpSetupInstructions } from '../../../shared/components/totp-setup-instructions';
import { codeFailureNotice, useCodeForm } from '../../../shared/hooks/use-code-form';
import {
  CompleteSignInDocument,
  type SessionFragment,
  type TotpSetupFieldsFragment,
} from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';

/**
 * Sign-in's second step: the authenticator's current code for the challenge. With `setup` (an
 * admin without an authenticator), the app is set up first, on the same screen.
 */
export function TotpChallenge({
  challenge,
  setup,
  onSignedIn,
  onRestart,
}: {
  challenge: { token: string };
  setup: TotpSetupFieldsFragment | null;
  onSignedIn: (session: SessionFragment) => void;
  /** Back to the password, with the notice to show there (an expired challenge), if any. */
  onRestart: (notice: ErrorNotice | null) => void;
}) {
  const [complete, completing] = useMutation(CompleteSignInDocument);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useCodeForm({
    send: async (code) => {
      const { data } = await complete({ variables: { challengeToken: challenge.token, code } });
      if (data) onSignedIn(data.completeSignIn);
    },
    describeFailure: (error) => {
      if (!isChallengeExpired(error)) return codeFailureNotice(error);
      onRestart({ title: Messages.signInAgainTitle, message: Messages.challengeInvalid });
      return null;
    },
  });

  // The password form has gone: start from this step's heading.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <CodeEntryForm
      form={form}
      heading={setup ? 'Set up your authenticator app' : 'Two-step sign-in'}
      headingRef={headingRef}
      headingOrder={2}
      intro={
        setup
          ? 'Add JIBS to an authenticator app now; from then on, you sign in with its code.'
          : 'Enter the 6-digit code from your authenticator app'
      }
      before={setup && <TotpSetupInstructions setup={setup} />}
      codeDescription={setup ? 'The code your app shows for JIBS' : undefined}
      actions={
        <>
          <Button type="submit" fullWidth loading={completing.loading}>
            {setup ? 'Finish Sign In' : 'Sign In'}
          </Button>
          <Group justify="center">
            <Anchor component="button" type="button" c="gray.7" onClick={() => onRestart(null)}>
              ← Back to email and password
            </Anchor>
          </Group>
        </>
      }
    />
  );
}
