import { RegistrationWizardMessages } from '@jibs/domain';
import { SetupTotpDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatPhone, VerificationMessages } from '@jibs/domain';
import { useState } from 'react';
import { actionErrorNotice, toApiError, type ErrorNotice } from '@jibs/web-data';
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
  return (
    <Badge color={on ? 'green' : 'gray'} variant="light">
      {on ? 'On' : 'Off'}
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
            Security
          </Title>
          <Text c="gray.7">
            Two-step sign-in: after your password, we also ask for a code from your phone. Any
            change here signs you out on your other devices, and we email you about it.
          </Text>
        </Stack>

        {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}

        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={2} style={{ flex: '1 1 18rem' }}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {RegistrationWizardMessages.methodTotp}
              </Title>
              <Status on={profile.totpEnabled} />
            </Group>
            <Text size="sm" c="gray.7">
              An app such as Google Authenticator or Microsoft Authenticator shows a new code every
              30 seconds.
              {isAdmin && profile.totpEnabled ? ' Admins always sign in with one.' : ''}
            </Text>
          </Stack>
          {profile.totpEnabled ? (
            !isAdmin && (
              <Button
                variant="default"
                onClick={() => setDialog({ kind: 'turn-off', factor: 'authenticator' })}
              >
                Turn Off Authenticator
              </Button>
            )
          ) : (
            <Button onClick={() => void startAuthenticator()} loading={settingUp.loading}>
              Turn On Authenticator
            </Button>
          )}
        </Group>

        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={2} style={{ flex: '1 1 18rem' }}>
            <Group gap="xs">
              <Title order={3} size="h5">
                Codes by text message
              </Title>
              <Status on={profile.smsSignInEnabled} />
            </Group>
            <Text size="sm" c="gray.7">
              {profile.phone
                ? `We text a code to ${formatPhone(profile.phone)}${
                    profile.phoneVerified ? ' (verified)' : ' once you have verified this number'
                  }.`
                : 'Add a phone number above to use codes by text message.'}
            </Text>
          </Stack>
          {profile.smsSignInEnabled ? (
            <Button
              variant="default"
              onClick={() => setDialog({ kind: 'turn-off', factor: 'sms' })}
            >
              Turn Off Text Codes
            </Button>
          ) : (
            profile.phone && (
              <Button onClick={() => setDialog({ kind: 'sms' })}>Turn On Text Codes</Button>
            )
          )}
        </Group>

        {anyOn && (
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={2} style={{ flex: '1 1 18rem' }}>
              <Title order={3} size="h5">
                Recovery codes
              </Title>
              <Text size="sm" c="gray.7">
                Each one signs you in once if you lose your phone. Lost them too? Make new ones.
              </Text>
            </Stack>
            <Button variant="default" onClick={() => setDialog({ kind: 'recovery-codes' })}>
              Make New Recovery Codes
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
