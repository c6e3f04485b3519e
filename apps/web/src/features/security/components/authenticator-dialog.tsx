import { AccountSecurityDialogMessages, PublicTwoStepMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { EnableAuthenticatorDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { TotpSetupInstructions } from '../../../shared/components/totp-setup-instructions';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { type TotpSetupFieldsFragment } from '../../../gql/graphql';
import { RecoveryCodesList } from './recovery-codes-list';

/**
 * Turning on an authenticator from the profile, with the new secret from setupTotp (its QR drawn
 * by the server, and the key to type): the app's code confirms it, then the recovery codes are
 * shown once.
 */
export function AuthenticatorDialog({
  setup,
  onClose,
}: {
  /** The new secret; the dialog is open while there is one. */
  setup: TotpSetupFieldsFragment | null;
  onClose: () => void;
}) {
  const { AccountSecurityDialogMessages: text } = useMessages({ AccountSecurityDialogMessages });
  return (
    <Modal
      opened={setup !== null}
      onClose={onClose}
      title={text.authenticatorTitle}
      centered
      radius="lg"
      size="lg"
    >
      {setup && <AuthenticatorSetup setup={setup} onClose={onClose} />}
    </Modal>
  );
}

function AuthenticatorSetup({
  setup,
  onClose,
}: {
  setup: TotpSetupFieldsFragment;
  onClose: () => void;
}) {
  const [enable, enabling] = useMutation(EnableAuthenticatorDocument);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { AccountSecurityDialogMessages: text, PublicTwoStepMessages: twoStep } = useMessages({
    AccountSecurityDialogMessages,
    PublicTwoStepMessages,
  });
  const form = useCodeForm({
    send: async (code) => {
      const { data } = await enable({ variables: { code } });
      if (data) setCodes(data.enableAuthenticator.recoveryCodes);
    },
  });

  if (codes) {
    return codes.length ? (
      <RecoveryCodesList codes={codes} onDone={onClose} />
    ) : (
      <Stack gap="md">
        <Text>{text.authenticatorOn}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{text.done}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <CodeEntryForm
      form={form}
      heading={text.addToApp}
      intro={text.addToAppText}
      before={<TotpSetupInstructions setup={setup} />}
      codeDescription={twoStep.appCodeHint}
      actions={
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={enabling.loading}>
            {text.turnOn}
          </Button>
        </Group>
      }
    />
  );
}
