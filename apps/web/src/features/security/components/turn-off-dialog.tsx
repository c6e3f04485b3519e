import { DisableAuthenticatorDocument, DisableSmsSignInDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AccountSecurityDialogMessages, ClientMessages } from '@jibs/domain';
import { useState, type FormEvent } from 'react';
import { actionErrorNotice, toApiError, useMessages, type ErrorNotice } from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
import { CurrentPasswordInput } from './current-password-input';

export type SecondFactorKind = 'authenticator' | 'sms';

function title(kind: SecondFactorKind, text: typeof AccountSecurityDialogMessages): string {
  return kind === 'authenticator' ? text.turnOffAuthenticatorTitle : text.turnOffSmsTitle;
}

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
  const { AccountSecurityDialogMessages: text } = useMessages({ AccountSecurityDialogMessages });
  return (
    <Modal opened={opened} onClose={onClose} title={title(kind, text)} centered radius="lg">
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
  const { AccountSecurityDialogMessages: text } = useMessages({ AccountSecurityDialogMessages });

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
        title: text.securityUpdated,
        message: text.turnedOff(title(kind, text)),
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
          {kind === 'authenticator' ? text.turnOffAuthenticatorText : text.turnOffSmsText}
        </Text>
        {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}
        <CurrentPasswordInput
          value={password}
          onChange={setPassword}
          error={errors.currentPassword}
        />
        {kind === 'authenticator' && (
          <TextInput
            label={text.codeOrRecoveryCode}
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors.code}
            errorProps={{ role: 'alert' }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.keepItOn}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={disablingAuthenticator.loading || disablingSms.loading}
          >
            {text.turnOff}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
