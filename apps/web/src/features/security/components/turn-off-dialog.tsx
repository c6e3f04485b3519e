import { DisableAuthenticatorDocument, DisableSmsSignInDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ClientMessages } from '@jibs/domain';
import { useState, type FormEvent } from 'react';
import { actionErrorNotice, toApiError, type ErrorNotice } from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';

export type SecondFactorKind = 'authenticator' | 'sms';

const TITLES: Record<SecondFactorKind, string> = {
  authenticator: 'Turn off the authenticator app',
  sms: 'Turn off codes by text message',
};

/**
 * Turning a second factor off: the password, and for the authenticator a code from it (or a
 * recovery code, when the phone is lost).
 */
export function TurnOffDialog({
  kind,
  opened,
  onClose,
}: {
  kind: SecondFactorKind;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={TITLES[kind]} centered radius="lg">
      {opened && <TurnOffForm kind={kind} onClose={onClose} />}
    </Modal>
  );
}

function TurnOffForm({ kind, onClose }: { kind: SecondFactorKind; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string; code?: string }>({});
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [disableAuthenticator, disablingAuthenticator] = useMutation(DisableAuthenticatorDocument);
  const [disableSms, disablingSms] = useMutation(DisableSmsSignInDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    try {
      if (kind === 'authenticator') {
        await disableAuthenticator({ variables: { currentPassword: password, code } });
      } else {
        await disableSms({ variables: { currentPassword: password } });
      }
      notifications.show({
        color: 'jibs',
        title: 'Security updated',
        message: `${TITLES[kind]}: done.`,
      });
      onClose();
    } catch (error) {
      const apiError = toApiError(error);
      if (Object.keys(apiError.fieldErrors).length) setErrors(apiError.fieldErrors);
      else setFailure(actionErrorNotice(ClientMessages.errorTitle, apiError));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {kind === 'authenticator'
            ? 'Signing in will no longer ask for a code from your app. Enter your password and a code from the app (or one of your recovery codes).'
            : 'Signing in will no longer text you a code. Enter your password to confirm.'}
        </Text>
        {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.currentPassword}
          errorProps={{ role: 'alert' }}
          data-autofocus
        />
        {kind === 'authenticator' && (
          <TextInput
            label="Code from your app, or a recovery code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors.code}
            errorProps={{ role: 'alert' }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep It On
          </Button>
          <Button
            type="submit"
            color="red"
            loading={disablingAuthenticator.loading || disablingSms.loading}
          >
            Turn Off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
