import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatPhone, VerificationMessages, MemberFieldMessages } from '@jibs/domain';
import { useState } from 'react';
import { toApiError, actionErrorNotice, type ErrorNotice } from '@jibs/web-data';
import { useFocusOnChange } from '@jibs/web-ui';
import {
  EnableSmsSignInDocument,
  SendVerificationCodeDocument,
  SetupTotpDocument,
  type ProfileFragment,
  type TotpSetupFieldsFragment,
  type VerificationMethod,
} from '../../../gql/graphql';
import { RecoveryCodesList } from '../../security/components/recovery-codes-list';
import { CodeEntry } from './code-entry';
import { StepButtons } from './step-buttons';
import { TotpEntry } from './totp-entry';
import { codeSentNotice, type CodeSent } from '../utils/verification-notices';
import classes from './verification-step.module.css';
import { useMutation } from '@apollo/client/react';

/** The sub-screens of step 2 (spec 4: method-selection, code-entry, totp-setup). */
type Screen =
  | { kind: 'method-selection' }
  | { kind: 'code-entry'; sent: CodeSent }
  | { kind: 'totp-setup'; setup: TotpSetupFieldsFragment }
  | { kind: 'recovery-codes'; codes: string[] };

const METHOD_NAMES: Record<VerificationMethod, string> = {
  EMAIL: 'Email',
  SMS: 'Text message (SMS)',
  TOTP: MemberFieldMessages.authenticatorApp,
};

/**
 * Registration step 2, the specification's method selection. A member whose email the sign-up
 * code has just verified chooses how sign-ins are verified from now on: the email and password
 * alone, a code texted to the phone (verified here), or an authenticator app; recovery codes are
 * shown once. An account from before sign-up codes (not verified yet) verifies itself with a
 * code by email or text message, or an authenticator. `onVerified` moves the wizard on.
 */
export function VerificationStep({
  me,
  onVerified,
  onBack,
  onContinue,
  onStart,
}: {
  me: ProfileFragment;
  onVerified: () => void;
  onBack: () => void;
  /** For a member already verified: on to the next step. */
  onContinue: () => void;
  /**
   * A method was chosen: the wizard stays on this step until it says otherwise (the account
   * turning verified midway must not move it on before the recovery codes are shown).
   */
  onStart: () => void;
}) {
  const [screen, setScreen] = useState<Screen>({ kind: 'method-selection' });
  const [method, setMethod] = useState<VerificationMethod>('EMAIL');
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [sendCode, sending] = useMutation(SendVerificationCodeDocument);
  const [setupTotp, settingUp] = useMutation(SetupTotpDocument);
  const [enableSms, enablingSms] = useMutation(EnableSmsSignInDocument);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(screen.kind);
  // Verified (by the sign-up's emailed code): the choice is of the second factor at sign-in.
  const choosingSecondFactor = me.verified;
  const done = choosingSecondFactor ? onContinue : onVerified;

  if (screen.kind === 'recovery-codes') {
    return (
      <Stack gap="lg">
        <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
          Two-step sign-in is on
        </Title>
        {screen.codes.length ? (
          <RecoveryCodesList codes={screen.codes} doneLabel="Continue" onDone={done} />
        ) : (
          <StepButtons>
            <Button onClick={done}>Continue</Button>
          </StepButtons>
        )}
      </Stack>
    );
  }

  if (choosingSecondFactor && (me.totpEnabled || me.smsSignInEnabled)) {
    return (
      <Stack gap="lg">
        <Alert color="jibs" variant="light" title="Your account is verified">
          Signing in also asks for{' '}
          {me.totpEnabled ? 'the code from your authenticator app' : 'a code texted to your phone'}.
          You can change this on your profile, under Security.
        </Alert>
        <StepButtons onBack={onBack}>
          <Button onClick={onContinue}>Continue</Button>
        </StepButtons>
      </Stack>
    );
  }

  const showSelection = () => {
    setFailure(null);
    setScreen({ kind: 'method-selection' });
  };

  const start = async () => {
    setFailure(null);
    if (choosingSecondFactor && method === 'EMAIL') {
      onContinue();
      return;
    }
    onStart();
    if (method === 'TOTP') {
      try {
        const { data } = await setupTotp();
        if (data) setScreen({ kind: 'totp-setup', setup: data.setupTotp });
      } catch (error) {
        setFailure(actionErrorNotice(VerificationMessages.setupFailedTitle, toApiError(error)));
      }
      return;
    }
    try {
      const { data } = await sendCode({ variables: { method } });
      if (!data) return;
      notifications.show(codeSentNotice(data.sendVerificationCode));
      setScreen({ kind: 'code-entry', sent: data.sendVerificationCode });
    } catch (error) {
      setFailure(actionErrorNotice(VerificationMessages.sendFailedTitle, toApiError(error)));
    }
  };

  /** The phone is verified: sign-in texts a code to it from now on. */
  const turnOnSms = async () => {
    try {
      const { data } = await enableSms();
      if (data) setScreen({ kind: 'recovery-codes', codes: data.enableSmsSignIn.recoveryCodes });
    } catch (error) {
      setScreen({ kind: 'method-selection' });
      setFailure(actionErrorNotice(VerificationMessages.failedTitle, toApiError(error)));
    }
  };

  if (screen.kind === 'code-entry') {
    return (
      <CodeEntry
        headingRef={headingRef}
        sent={screen.sent}
        onVerified={choosingSecondFactor ? () => void turnOnSms() : onVerified}
        onBack={showSelection}
        verifying={enablingSms.loading}
      />
    );
  }

  if (screen.kind === 'totp-setup') {
    return (
      <TotpEntry
        headingRef={headingRef}
        setup={screen.setup}
        onVerified={(codes) => setScreen({ kind: 'recovery-codes', codes })}
        onBack={showSelection}
      />
    );
  }

  const phone = me.phone ? formatPhone(me.phone) : null;
  const options: {
    value: VerificationMethod;
    name: string;
    description: string;
    disabled?: boolean;
  }[] = choosingSecondFactor
    ? [
        {
          value: 'EMAIL',
          name: 'Email and password only',
          description: `Your email ${me.email} is verified. Sign in with your password alone.`,
        },
        {
          value: 'SMS',
          name: METHOD_NAMES.SMS,
          description: phone
            ? `We text a 6-digit code to ${phone} now, to verify it, and each time you sign in.`
            : 'There is no phone number on your account.',
          disabled: !phone,
        },
        {
          value: 'TOTP',
          name: METHOD_NAMES.TOTP,
          description:
            'An app such as Google Authenticator or Microsoft Authenticator shows the code you enter each time you sign in.',
        },
      ]
    : [
        {
          value: 'EMAIL',
          name: METHOD_NAMES.EMAIL,
          description: `We will email a 6-digit code to ${me.email}.`,
        },
        {
          value: 'SMS',
          name: METHOD_NAMES.SMS,
          description: phone
            ? `We will text a 6-digit code to ${phone}.`
            : 'There is no phone number on your account.',
          disabled: !phone,
        },
        {
          value: 'TOTP',
          name: METHOD_NAMES.TOTP,
          description:
            'Use an app such as Google Authenticator or Microsoft Authenticator on your phone. It also protects your sign-in.',
        },
      ];
  const action =
    method === 'TOTP'
      ? 'Set Up Authenticator'
      : choosingSecondFactor && method === 'EMAIL'
        ? 'Continue'
        : 'Send Code';

  return (
    <Stack gap="lg">
      {choosingSecondFactor && (
        <Alert color="jibs" variant="light" title="Your email is verified">
          One more choice: how should we check that it is you when you sign in?
        </Alert>
      )}
      <Radio.Group
        value={method}
        onChange={(value) => setMethod(value as VerificationMethod)}
        label={
          <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
            {choosingSecondFactor
              ? 'How would you like to verify your sign-ins?'
              : 'How would you like to verify your account?'}
          </Title>
        }
        description={
          choosingSecondFactor
            ? 'A code from your phone after your password keeps your account safe even if your password is stolen. You can change this later on your profile.'
            : 'Verifying confirms that the contact details are yours, so we can reach you when it matters.'
        }
        styles={{ description: { marginTop: 4, marginBottom: 'var(--mantine-spacing-md)' } }}
      >
        <Stack gap="sm">
          {options.map((option) => (
            <Radio.Card
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              radius="md"
              p="md"
              className={classes.method}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Radio.Indicator mt={3} />
                <div>
                  <Text fw={600}>{option.name}</Text>
                  <Text c="gray.7" size="sm">
                    {option.description}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>

      {failure && (
        <Alert color="red" variant="light" title={failure.title} role="alert">
          {failure.message}
        </Alert>
      )}

      <StepButtons onBack={onBack}>
        <Button onClick={start} loading={sending.loading || settingUp.loading}>
          {action}
        </Button>
      </StepButtons>
    </Stack>
  );
}
