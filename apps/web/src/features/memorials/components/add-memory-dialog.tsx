import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  MAX_MEMORY_CONTENT_LENGTH,
  MAX_MEMORY_TITLE_LENGTH,
  MemorialMessages,
  memorySchema,
  ClientMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError, useMessages, validateWith } from '@jibs/web-data';
import { emptyAsNull, memorialFailureMessage } from '../utils/memorial-format';
import { useMutation } from '@apollo/client/react';
import { AddMemoryDocument } from '../../../gql/graphql';
import { localToday } from '../../../shared/utils/browser-value';

interface MemoryValues {
  title: string;
  content: string;
  memoryDate: string;
}

const INITIAL: MemoryValues = { title: '', content: '', memoryDate: '' };
const FIELDS = Object.keys(INITIAL) as (keyof MemoryValues)[];

/** Add Memory (spec 5): title and content required, the memory's date optional. */
export function AddMemoryDialog({
  memorialId,
  opened,
  onClose,
  onAdded,
}: {
  memorialId: string;
  opened: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    ClientMessages: client,
  } = useMessages({ MemorialPageMessages, MemorialMessages, ClientMessages });
  const [addMemory, { loading }] = useMutation(AddMemoryDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MemoryValues>({
    initialValues: INITIAL,
    validate: (values) => validateWith(memorySchema(localToday()))(values),
  });

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await addMemory({
        variables: {
          memorialId,
          input: {
            title: values.title.trim(),
            content: values.content.trim(),
            memoryDate: emptyAsNull(values.memoryDate),
          },
        },
      });
      const memory = result.data?.addMemory;
      if (!memory) throw new Error(memorialMessages.memoryFailed);
      if (memory.status === 'APPROVED') {
        notifications.show({
          color: 'green',
          title: memorialMessages.memoryAddedTitle,
          message: memorialMessages.memoryAdded,
        });
      } else {
        notifications.show({
          color: 'jibs',
          title: text.memorySubmittedTitle,
          message: memorialMessages.memoryPending,
        });
      }
      onAdded();
      close();
    } catch (error) {
      const apiError = toApiError(error);
      const fieldErrors = Object.fromEntries(
        Object.entries(apiError.fieldErrors).filter(([key]) =>
          FIELDS.includes(key as keyof MemoryValues),
        ),
      );
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else {
        setFailure(memorialFailureMessage(apiError, memorialMessages.memoryFailed));
      }
    }
  }, focusFirstError);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.addAMemory}
      closeButtonProps={{ 'aria-label': text.closeDialog }}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert" title={client.errorTitle}>
              {failure}
            </Alert>
          )}
          <TextInput
            label={text.title}
            required
            data-autofocus
            maxLength={MAX_MEMORY_TITLE_LENGTH}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={text.memory}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={MAX_MEMORY_CONTENT_LENGTH}
            {...form.getInputProps('content')}
          />
          <TextInput label={text.memoryDate} type="date" {...form.getInputProps('memoryDate')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={loading}>
              {text.shareMemory}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
