import { RegistrationWizardMessages } from '@jibs/domain';
import { VerifyCodeDocument } from '../../../gql/graphql';
import { SendVerificationCodeDocument } from '../../../gql/graphql';
import { EnableSmsSignInDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatPhone, VerificationMessages } from '@jibs/domain';
import { useState } from 'react';
import { actionErrorNotice, toApiError, type ErrorNotice } from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { RecoveryCodesList } from './recovery-codes-list';

type Stage = 'intro' | 'code' | 'done';

/**
 * Turning on sign-in codes by text message: the phone is verified first (a texted code) if it
 * is not yet, then sign-in texts a code to it; new recovery codes are shown once.
 */
export function SmsSignInDialog({
  opened,
  onClose,
  phone,
  phoneVerified,
}: {
  opened: boolean;
  onClose: () => void;
  phone: string;
  phoneVerified: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Turn on codes by text message"
      centered
      radius="lg"
    >
      {opened && <SmsSignInSetup phone={phone} phoneVerified={phoneVerified} onClose={onClose} />}
    </Modal>
  );
}

function SmsSignInSetup({
  phone,
  phoneVerified,
  onClose,
}: {
  phone: string;
  phoneVerified: boolean;
  onClose: () => void;
}) {
  const [stage, setStage] = useState<Stage>('intro');
  const [codes, setCodes] = useState<string[]>([]);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [send, sending] = useMutation(SendVerificationCodeDocument);
  const [verify, verifying] = useMutation(VerifyCodeDocument);
  const [enable, enabling] = useMutation(EnableSmsSignInDocument);
  const shown = formatPhone(phone);

  const turnOn = async () => {
    const { data } = await enable();
    if (!data) return;
    setCodes(data.enableSmsSignIn.recoveryCodes);
    setStage('done');
  };

  const start = async () => {
    setFailure(null);
    try {
      if (phoneVerified) {
        await turnOn();
        return;
      }
      await send({ variables: { method: 'SMS' } });
      setStage('code');
    } catch (error) {
      setFailure(
        actionErrorNotice(
          phoneVerified ? VerificationMessages.failedTitle : VerificationMessages.sendFailedTitle,
          toApiError(error),
        ),
      );
    }
  };

  const form = useCodeForm({
    send: async (code) => {
      await verify({ variables: { method: 'SMS', code } });
      await turnOn();
    },
  });

  if (stage === 'done') {
    return codes.length ? (
      <RecoveryCodesList codes={codes} onDone={onClose} />
    ) : (
      <Stack gap="md">
        <Text>Codes by text message are on. Your recovery codes have not changed.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  if (stage === 'code') {
    return (
      <CodeEntryForm
        form={form}
        heading="Verify your phone number"
        intro={
          <>
            We texted a 6-digit code to <strong>{shown}</strong>. It can be used for 10 minutes.
          </>
        }
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={verifying.loading || enabling.loading}>
              Verify and Turn On
            </Button>
          </Group>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <Text>
        After your password, signing in will ask for a 6-digit code that we text to{' '}
        <strong>{shown}</strong>.
        {phoneVerified ? '' : ' First, we text a code to this number to make sure it is yours.'}
      </Text>
      {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void start()} loading={sending.loading || enabling.loading}>
          {phoneVerified ? 'Turn On' : RegistrationWizardMessages.sendCode}
        </Button>
      </Group>
    </Stack>
  );
}
