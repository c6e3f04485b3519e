import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatPhone, VerificationMessages } from '@jibs/domain';
import { useState } from 'react';
import { toApiError, actionErrorNotice, type ErrorNotice } from '@jibs/web-data';
import { useFocusOnChange } from '@jibs/web-ui';
import {
  SendVerificationCodeDocument,
  SetupTotpDocument,
  type ProfileFragment,
  type TotpSetupFieldsFragment,
  type VerificationMethod,
} from '../../../gql/graphql';
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
  | { kind: 'totp-setup'; setup: TotpSetupFieldsFragment };

const METHOD_NAMES: Record<VerificationMethod, string> = {
  EMAIL: 'Email',
  SMS: 'Text message (SMS)',
  TOTP: 'Authenticator app',
};

/**
 * Registration step 2: confirm the account with a code by email or text message, or by setting
 * up an authenticator app. `onVerified` moves the wizard on once the server has marked the
 * account verified.
 */
export function VerificationStep({
  me,
  onVerified,
  onBack,
  onContinue,
}: {
  me: ProfileFragment;
  onVerified: () => void;
  onBack: () => void;
  /** For a member already verified who came back to this step. */
  onContinue: () => void;
}) {
  const [screen, setScreen] = useState<Screen>({ kind: 'method-selection' });
  const [method, setMethod] = useState<VerificationMethod>('EMAIL');
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [sendCode, sending] = useMutation(SendVerificationCodeDocument);
  const [setupTotp, settingUp] = useMutation(SetupTotpDocument);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(screen.kind);

  if (me.verified) {
    return (
      <Stack gap="lg">
        <Alert color="jibs" variant="light" title="Your account is verified">
          {me.verifiedWith
            ? `You verified your account with ${METHOD_NAMES[me.verifiedWith].toLowerCase()}.`
            : 'Your account has been verified.'}{' '}
          There is nothing more to do on this step.
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

  if (screen.kind === 'code-entry') {
    return (
      <CodeEntry
        headingRef={headingRef}
        sent={screen.sent}
        onVerified={onVerified}
        onBack={showSelection}
      />
    );
  }

  if (screen.kind === 'totp-setup') {
    return (
      <TotpEntry
        headingRef={headingRef}
        setup={screen.setup}
        onVerified={onVerified}
        onBack={showSelection}
      />
    );
  }

  const phone = me.phone ? formatPhone(me.phone) : null;
  const options: { value: VerificationMethod; description: string; disabled?: boolean }[] = [
    { value: 'EMAIL', description: `We will email a 6-digit code to ${me.email}.` },
    {
      value: 'SMS',
      description: phone
        ? `We will text a 6-digit code to ${phone}.`
        : 'There is no phone number on your account.',
      disabled: !phone,
    },
    {
      value: 'TOTP',
      description:
        'Use an app such as Google Authenticator or Microsoft Authenticator on your phone. It also protects your sign-in.',
    },
  ];

  return (
    <Stack gap="lg">
      <Radio.Group
        value={method}
        onChange={(value) => setMethod(value as VerificationMethod)}
        label={
          <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
            How would you like to verify your account?
          </Title>
        }
        description="Verifying confirms that the contact details are yours, so we can reach you when it matters."
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
                  <Text fw={600}>{METHOD_NAMES[option.value]}</Text>
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
          {method === 'TOTP' ? 'Set Up Authenticator' : 'Send Code'}
        </Button>
      </StepButtons>
    </Stack>
  );
}
