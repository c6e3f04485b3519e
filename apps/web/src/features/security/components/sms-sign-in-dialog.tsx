import { AccountSecurityDialogMessages, RegistrationWizardMessages } from '@jibs/domain';
import { VerifyCodeDocument } from '../../../gql/graphql';
import { SendVerificationCodeDocument } from '../../../gql/graphql';
import { EnableSmsSignInDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatPhone, VerificationMessages } from '@jibs/domain';
import { useState } from 'react';
import {
  actionErrorNotice,
  toApiError,
  useLanguage,
  useMessages,
  type ErrorNotice,
} from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
import { CodeEntryForm } from '../../../shared/components/code-entry-form';
import { useCodeForm } from '../../../shared/hooks/use-code-form';
import { RecoveryCodesList } from './recovery-codes-list';

type Stage = 'intro' | 'code' | 'done';

/** Where a sentence places the phone number (a mark no message contains). */
const PHONE_MARK = '\u0000phone\u0000';

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
  const { AccountSecurityDialogMessages: text } = useMessages({ AccountSecurityDialogMessages });
  return (
    <Modal opened={opened} onClose={onClose} title={text.smsTitle} centered radius="lg">
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
  const { AccountSecurityDialogMessages: text, RegistrationWizardMessages: wizard } = useMessages({
    AccountSecurityDialogMessages,
    RegistrationWizardMessages,
  });
  const { locale } = useLanguage();
  // The number reads left to right inside a right-to-left sentence (English stays as it was).
  const shown = locale === 'en' ? formatPhone(phone) : `\u2066${formatPhone(phone)}\u2069`;

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
        <Text>{text.smsOn}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{text.done}</Button>
        </Group>
      </Stack>
    );
  }

  if (stage === 'code') {
    return (
      <CodeEntryForm
        form={form}
        heading={text.verifyPhone}
        intro={withPhone(text.textedCode, shown)}
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={verifying.loading || enabling.loading}>
              {text.verifyAndTurnOn}
            </Button>
          </Group>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <Text>{withPhone(phoneVerified ? text.smsIntro : text.smsVerifyFirst, shown)}</Text>
      {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button onClick={() => void start()} loading={sending.loading || enabling.loading}>
          {phoneVerified ? text.turnOn : wizard.sendCode}
        </Button>
      </Group>
    </Stack>
  );
}

/** A sentence with the phone number in bold, wherever the reader's language places it. */
function withPhone(sentence: (phone: string) => string, phone: string) {
  const [before, after = ''] = sentence(PHONE_MARK).split(PHONE_MARK);
  return (
    <>
      {before}
      <strong>{phone}</strong>
      {after}
    </>
  );
}
