import { SetupTotpDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  formatPhone,
  MemberFieldMessages,
  MemberSecurityMessages,
  VerificationMessages,
} from '@jibs/domain';
import { useState } from 'react';
import {
  actionErrorNotice,
  toApiError,
  useLanguage,
  useMessages,
  type ErrorNotice,
} from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
import { type ProfileFragment, type TotpSetupFieldsFragment } from '../../../gql/graphql';
import { AuthenticatorDialog } from './authenticator-dialog';
import { NewRecoveryCodesDialog } from './new-recovery-codes-dialog';
import { SmsSignInDialog } from './sms-sign-in-dialog';
import { TurnOffDialog, type SecondFactorKind } from './turn-off-dialog';

type Dialog =
  | { kind: 'authenticator'; setup: TotpSetupFieldsFragment }
  | { kind: 'sms' }
  | { kind: 'turn-off'; factor: SecondFactorKind }
  | { kind: 'recovery-codes' };

function Status({ on }: { on: boolean }) {
  const { MemberSecurityMessages: text } = useMessages({ MemberSecurityMessages });
  return (
    <Badge color={on ? 'green' : 'gray'} variant="light">
      {on ? text.on : text.off}
    </Badge>
  );
}

/**
 * /profile's Security section: two-step sign-in with an authenticator app or codes by text
 * message (to a verified phone), and recovery codes. Every change signs out the member's other
 * devices and is emailed to them.
 */
export function SecuritySection({ profile }: { profile: ProfileFragment }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [setupTotp, settingUp] = useMutation(SetupTotpDocument);
  const close = () => setDialog(null);
  const { MemberSecurityMessages: text, MemberFieldMessages: fields } = useMessages({
    MemberSecurityMessages,
    MemberFieldMessages,
  });
  const { locale } = useLanguage();
  // The number reads left to right inside a right-to-left sentence (English stays as it was).
  const isolate = (value: string) => (locale === 'en' ? value : `\u2066${value}\u2069`);

  /** A new secret first (drawn as a QR code by the server), then the dialog shows it. */
  const startAuthenticator = async () => {
    setFailure(null);
    try {
      const { data } = await setupTotp();
      if (data) setDialog({ kind: 'authenticator', setup: data.setupTotp });
    } catch (error) {
      setFailure(actionErrorNotice(VerificationMessages.setupFailedTitle, toApiError(error)));
    }
  };
  const isAdmin = profile.role === 'ADMIN';
  const anyOn = profile.totpEnabled || profile.smsSignInEnabled;

  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="security">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="security">
            {text.title}
          </Title>
          <Text c="gray.7">{text.intro}</Text>
        </Stack>

        {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}

        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={2} style={{ flex: '1 1 18rem' }}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {fields.authenticatorApp}
              </Title>
              <Status on={profile.totpEnabled} />
            </Group>
            <Text size="sm" c="gray.7">
              {text.authenticatorText}
              {isAdmin && profile.totpEnabled ? ` ${text.adminsAlways}` : ''}
            </Text>
          </Stack>
          {profile.totpEnabled ? (
            !isAdmin && (
              <Button
                variant="default"
                onClick={() => setDialog({ kind: 'turn-off', factor: 'authenticator' })}
              >
                {text.turnOffAuthenticator}
              </Button>
            )
          ) : (
            <Button onClick={() => void startAuthenticator()} loading={settingUp.loading}>
              {text.turnOnAuthenticator}
            </Button>
          )}
        </Group>

        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={2} style={{ flex: '1 1 18rem' }}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {text.textCodes}
              </Title>
              <Status on={profile.smsSignInEnabled} />
            </Group>
            <Text size="sm" c="gray.7">
              {profile.phone
                ? (profile.phoneVerified ? text.textCodeVerified : text.textCodeUnverified)(
                    isolate(formatPhone(profile.phone)),
                  )
                : text.addPhoneFirst}
            </Text>
          </Stack>
          {profile.smsSignInEnabled ? (
            <Button
              variant="default"
              onClick={() => setDialog({ kind: 'turn-off', factor: 'sms' })}
            >
              {text.turnOffTextCodes}
            </Button>
          ) : (
            profile.phone && (
              <Button onClick={() => setDialog({ kind: 'sms' })}>{text.turnOnTextCodes}</Button>
            )
          )}
        </Group>

        {anyOn && (
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={2} style={{ flex: '1 1 18rem' }}>
              <Title order={3} size="h5">
                {text.recoveryCodes}
              </Title>
              <Text size="sm" c="gray.7">
                {text.recoveryCodesText}
              </Text>
            </Stack>
            <Button variant="default" onClick={() => setDialog({ kind: 'recovery-codes' })}>
              {text.makeNewRecoveryCodes}
            </Button>
          </Group>
        )}
      </Stack>

      <AuthenticatorDialog
        setup={dialog?.kind === 'authenticator' ? dialog.setup : null}
        onClose={close}
      />
      {profile.phone && (
        <SmsSignInDialog
          opened={dialog?.kind === 'sms'}
          onClose={close}
          phone={profile.phone}
          phoneVerified={profile.phoneVerified}
        />
      )}
      <TurnOffDialog
        kind={dialog?.kind === 'turn-off' ? dialog.factor : 'authenticator'}
        opened={dialog?.kind === 'turn-off'}
        onClose={close}
      />
      <NewRecoveryCodesDialog opened={dialog?.kind === 'recovery-codes'} onClose={close} />
    </Card>
  );
}
