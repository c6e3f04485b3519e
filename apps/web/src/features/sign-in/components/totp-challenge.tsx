import { RegistrationWizardMessages } from '@jibs/domain';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  Messages,
  normalizeRecoveryCode,
  SecondFactorMessages,
  HeaderMessages,
} from '@jibs/domain';
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { isChallengeExpired, toApiError, type ErrorNotice } from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
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
 * Sign-in's second step: the authenticator's current code (or the one texted for an SMS_CODE
 * challenge) for the challenge, or one of the member's recovery codes. With `setup` (an admin
 * without an authenticator), the app is set up first, on the same screen.
 */
export function TotpChallenge({
  challenge,
  setup,
  onSignedIn,
  onRestart,
}: {
  challenge: { token: string; kind: string };
  setup: TotpSetupFieldsFragment | null;
  onSignedIn: (session: SessionFragment) => void;
  /** Back to the password, with the notice to show there (an expired challenge), if any. */
  onRestart: (notice: ErrorNotice | null) => void;
}) {
  const [complete, completing] = useMutation(CompleteSignInDocument);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [recovery, setRecovery] = useState(false);
  const texted = challenge.kind === 'SMS_CODE';
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

  // The password form has gone (or the way of answering changed): start from the heading.
  useEffect(() => headingRef.current?.focus(), [recovery]);

  const back = (
    <Group justify="center">
      <Anchor component="button" type="button" c="gray.7" onClick={() => onRestart(null)}>
        ← Back to email and password
      </Anchor>
    </Group>
  );

  if (recovery) {
    return (
      <RecoveryCodeForm
        headingRef={headingRef}
        loading={completing.loading}
        send={async (code) => {
          const { data } = await complete({ variables: { challengeToken: challenge.token, code } });
          if (data) onSignedIn(data.completeSignIn);
        }}
        onRestart={onRestart}
        onUseCode={() => setRecovery(false)}
        back={back}
      />
    );
  }

  return (
    <CodeEntryForm
      form={form}
      heading={setup ? RegistrationWizardMessages.totpHeading : 'Two-step sign-in'}
      headingRef={headingRef}
      headingOrder={2}
      intro={
        setup
          ? 'Add JIBS to an authenticator app now; from then on, you sign in with its code.'
          : texted
            ? 'Enter the 6-digit code we just texted to your phone. It can be used for 10 minutes.'
            : 'Enter the 6-digit code from your authenticator app'
      }
      before={setup && <TotpSetupInstructions setup={setup} />}
      codeDescription={setup ? RegistrationWizardMessages.totpCodeHint : undefined}
      actions={
        <>
          <Button type="submit" fullWidth loading={completing.loading}>
            {setup ? 'Finish Sign In' : HeaderMessages.signIn}
          </Button>
          {!setup && (
            <Group justify="center">
              <Anchor component="button" type="button" onClick={() => setRecovery(true)}>
                {texted ? 'No text? Use a recovery code' : 'Lost your phone? Use a recovery code'}
              </Anchor>
            </Group>
          )}
          {back}
        </>
      }
    />
  );
}

/** A recovery code instead of the code from the phone: each of them works once. */
function RecoveryCodeForm({
  headingRef,
  loading,
  send,
  onRestart,
  onUseCode,
  back,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  loading: boolean;
  send: (code: string) => Promise<void>;
  onRestart: (notice: ErrorNotice | null) => void;
  onUseCode: () => void;
  back: ReactNode;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!normalizeRecoveryCode(value)) {
      setError(SecondFactorMessages.codeOrRecoveryFormat);
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      await send(value);
    } catch (caught) {
      const apiError = toApiError(caught);
      if (isChallengeExpired(apiError)) {
        onRestart({ title: Messages.signInAgainTitle, message: Messages.challengeInvalid });
        return;
      }
      const notice = codeFailureNotice(apiError);
      setFailure(notice);
      setValue('');
      input.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
            Use a recovery code
          </Title>
          <Text c="gray.7">
            Enter one of the recovery codes you saved when you turned on two-step sign-in. Each code
            works once.
          </Text>
        </Stack>
        {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}
        <TextInput
          ref={input}
          label="Recovery code"
          placeholder="abcd-efgh-jkmn"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          errorProps={{ role: 'alert' }}
        />
        <Button type="submit" fullWidth loading={loading}>
          {HeaderMessages.signIn}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" onClick={onUseCode}>
            Use the code from my phone instead
          </Anchor>
        </Group>
        {back}
      </Stack>
    </form>
  );
}
