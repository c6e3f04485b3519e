import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@apollo/client/react';
import { MemorialMessages, MemorialPageMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { UpdateMemorialDocument, type MemorialDetailFragment } from '../../../gql/graphql';
import { MemorialForm, type MemorialFormValues } from './memorial-form';

/** The owner's 'Edit Memorial' dialog on a memorial's page. */
export function EditMemorialDialog({
  memorial,
  opened,
  onClose,
  onSaved,
}: {
  memorial: MemorialDetailFragment;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { MemorialPageMessages: text, MemorialMessages: memorialMessages } = useMessages({
    MemorialPageMessages,
    MemorialMessages,
  });
  const [updateMemorial] = useMutation(UpdateMemorialDocument);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.editMemorial}
      closeButtonProps={{ 'aria-label': text.closeDialog }}
      size="lg"
      centered
    >
      <MemorialForm
        initialValues={toFormValues(memorial)}
        submitLabel={text.saveChanges}
        failureFallback={memorialMessages.unexpected}
        biographyRows={6}
        onCancel={onClose}
        onSubmit={async (input) => {
          await updateMemorial({ variables: { id: memorial.id, input } });
          notifications.show({
            color: 'green',
            title: text.updatedTitle,
            message: text.updated,
          });
          onClose();
          onSaved();
        }}
      />
    </Modal>
  );
}

function toFormValues(memorial: MemorialDetailFragment): MemorialFormValues {
  return {
    fullName: memorial.fullName,
    birthDate: memorial.birthDate ?? '',
    deathDate: memorial.deathDate ?? '',
    birthLocation: memorial.birthLocation ?? '',
    deathLocation: memorial.deathLocation ?? '',
    biography: memorial.biography ?? '',
    privacyLevel: memorial.privacyLevel,
  };
}
