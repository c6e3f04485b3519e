import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { checkDiscardReason, DEAD_LETTER_REASON_MAX, ErrorCode } from '@jibs/domain';
import { actionErrorMessage, toApiError } from '@jibs/web-data';
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
  return (
    <Modal opened={target !== null} onClose={onClose} title="Discard dead letter" centered>
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkDiscardReason(reason);
    if ('error' in checked) {
      setError(checked.error);
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
        <Text size="sm">
          The event {target.eventId ?? ''} ({target.topic}) will not be handled. It stays in the
          audit trail with your reason.
        </Text>
        {formError && (
          <Alert color="red" variant="light" title="Not discarded" role="alert">
            {formError}
          </Alert>
        )}
        <Textarea
          label="Reason"
          description={`Why it is set aside (at most ${DEAD_LETTER_REASON_MAX} characters).`}
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
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving}>
            Discard
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
