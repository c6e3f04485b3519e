import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  AdminOpsMessages,
  checkDiscardReason,
  DEAD_LETTER_REASON_MAX,
  ErrorCode,
} from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages, useText } from '@jibs/web-data';
import { useState, type FormEvent } from 'react';

export interface DiscardTarget {
  id: string;
  topic: string;
  eventId: string | null;
}

/** Discard a dead letter: a reason is required (the same check as the server's). */
export function DiscardDeadLetterModal({
  target,
  onClose,
  onDiscard,
}: {
  target: DiscardTarget | null;
  onClose: () => void;
  onDiscard: (target: DiscardTarget, reason: string) => Promise<unknown>;
}) {
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  return (
    <Modal opened={target !== null} onClose={onClose} title={ops.discardDeadLetter} centered>
      {target && <DiscardForm target={target} onClose={onClose} onDiscard={onDiscard} />}
    </Modal>
  );
}

function DiscardForm({
  target,
  onClose,
  onDiscard,
}: {
  target: DiscardTarget;
  onClose: () => void;
  onDiscard: (target: DiscardTarget, reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  const text = useText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkDiscardReason(reason);
    if ('error' in checked) {
      setError(text(checked.error));
      return;
    }
    setSaving(true);
    setError(null);
    setFormError(null);
    try {
      await onDiscard(target, checked.reason);
      onClose();
    } catch (failure) {
      const api = toApiError(failure);
      if (api.code === ErrorCode.BadUserInput && api.fieldErrors['reason'])
        setError(api.fieldErrors['reason']);
      else setFormError(actionErrorMessage(api));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{ops.discardText(target.eventId ?? '', target.topic)}</Text>
        {formError && (
          <Alert color="red" variant="light" title={ops.notDiscarded} role="alert">
            {formError}
          </Alert>
        )}
        <Textarea
          label={ops.reason}
          description={ops.reasonHint(DEAD_LETTER_REASON_MAX)}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          required
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {ops.cancel}
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {ops.discard}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
