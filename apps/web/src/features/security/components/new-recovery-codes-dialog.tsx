import { NewRecoveryCodesDocument } from '../../../gql/graphql';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AccountSecurityDialogMessages, ClientMessages } from '@jibs/domain';
import { useState, type FormEvent } from 'react';
import { actionErrorNotice, toApiError, useMessages, type ErrorNotice } from '@jibs/web-data';
import { ErrorAlert } from '@jibs/web-ui';
import { CurrentPasswordInput } from './current-password-input';
import { RecoveryCodesList } from './recovery-codes-list';

/** A new set of recovery codes (the password first); the earlier ones stop working. */
export function NewRecoveryCodesDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { AccountSecurityDialogMessages: text } = useMessages({ AccountSecurityDialogMessages });
  return (
    <Modal opened={opened} onClose={onClose} title={text.newCodesTitle} centered radius="lg">
      {opened && <NewRecoveryCodes onClose={onClose} />}
    </Modal>
  );
}

function NewRecoveryCodes({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [make, making] = useMutation(NewRecoveryCodesDocument);
  const { AccountSecurityDialogMessages: text } = useMessages({ AccountSecurityDialogMessages });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFailure(null);
    try {
      const { data } = await make({ variables: { currentPassword: password } });
      if (data) setCodes(data.newRecoveryCodes);
    } catch (caught) {
      const apiError = toApiError(caught);
      if (apiError.fieldErrors.currentPassword) setError(apiError.fieldErrors.currentPassword);
      else setFailure(actionErrorNotice(ClientMessages.errorTitle, apiError));
    }
  };

  if (codes) return <RecoveryCodesList codes={codes} onDone={onClose} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{text.newCodesText}</Text>
        {failure && <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert>}
        <CurrentPasswordInput value={password} onChange={setPassword} error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={making.loading}>
            {text.makeNewCodes}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
