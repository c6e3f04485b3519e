import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatPhone,
  RegistrationWizardMessages,
  SignInMessages,
  VerificationMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError, actionErrorNotice, useMessages, type ErrorNotice } from '@jibs/web-data';
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
  const { RegistrationWizardMessages: wizard, SignInMessages: signIn } = useMessages({
    RegistrationWizardMessages,
    SignInMessages,
  });
  const methodName = (value: VerificationMethod) =>
    value === 'EMAIL' ? signIn.email : value === 'SMS' ? wizard.methodSms : wizard.methodTotp;
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
          {wizard.twoStepOn}
        </Title>
        {screen.codes.length ? (
          <RecoveryCodesList codes={screen.codes} doneLabel={wizard.continue} onDone={done} />
        ) : (
          <StepButtons>
            <Button onClick={done}>{wizard.continue}</Button>
          </StepButtons>
        )}
      </Stack>
    );
  }

  if (choosingSecondFactor && (me.totpEnabled || me.smsSignInEnabled)) {
    return (
      <Stack gap="lg">
        <Alert color="jibs" variant="light" title={wizard.accountVerifiedTitle}>
          {me.totpEnabled ? wizard.signInAsksTotp : wizard.signInAsksSms}
        </Alert>
        <StepButtons onBack={onBack}>
          <Button onClick={onContinue}>{wizard.continue}</Button>
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
          name: wizard.emailAndPasswordOnly,
          description: wizard.emailVerifiedSignIn(me.email),
        },
        {
          value: 'SMS',
          name: methodName('SMS'),
          description: phone ? wizard.smsEachSignIn(phone) : wizard.noPhone,
          disabled: !phone,
        },
        {
          value: 'TOTP',
          name: methodName('TOTP'),
          description: wizard.totpEachSignIn,
        },
      ]
    : [
        {
          value: 'EMAIL',
          name: methodName('EMAIL'),
          description: wizard.emailCodeTo(me.email),
        },
        {
          value: 'SMS',
          name: methodName('SMS'),
          description: phone ? wizard.smsCodeTo(phone) : wizard.noPhone,
          disabled: !phone,
        },
        {
          value: 'TOTP',
          name: methodName('TOTP'),
          description: wizard.totpVerify,
        },
      ];
  const action =
    method === 'TOTP'
      ? wizard.setUpAuthenticator
      : choosingSecondFactor && method === 'EMAIL'
        ? wizard.continue
        : wizard.sendCode;

  return (
    <Stack gap="lg">
      {choosingSecondFactor && (
        <Alert color="jibs" variant="light" title={wizard.emailVerifiedTitle}>
          {wizard.oneMoreChoice}
        </Alert>
      )}
      <Radio.Group
        value={method}
        onChange={(value) => setMethod(value as VerificationMethod)}
        label={
          <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
            {choosingSecondFactor ? wizard.verifySignInsHeading : wizard.verifyAccountHeading}
          </Title>
        }
        description={choosingSecondFactor ? wizard.secondFactorWhy : wizard.verifyWhy}
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
