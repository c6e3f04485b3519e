import { Alert, Button, Checkbox, FileInput, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DocumentMessages,
  MAX_PHOTO_CAPTION_LENGTH,
  MemorialMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { toApiError, useMessages } from '@jibs/web-data';
import { emptyAsNull, memorialFailureMessage } from '../utils/memorial-format';
import { useMutation } from '@apollo/client/react';
import {
  ConfirmMemorialPhotoUploadDocument,
  StartMemorialPhotoUploadDocument,
  UpdateMemorialDocument,
  type MemorialDetailFragment,
  type MemorialInput,
} from '../../../gql/graphql';

/** The memorial's details as they are, for a save that changes only its profile photo. */
function currentInput(memorial: MemorialDetailFragment): MemorialInput {
  return {
    fullName: memorial.fullName,
    birthDate: memorial.birthDate,
    deathDate: memorial.deathDate,
    birthLocation: memorial.birthLocation,
    deathLocation: memorial.deathLocation,
    biography: memorial.biography,
  };
}

/**
 * An editor adds a photo: the service hands out a presigned PUT, the browser sends the file
 * with the returned headers, and the service checks it by its content on confirm. Chosen as
 * the profile image, the memorial is saved with it.
 */
export function PhotoUpload({
  memorial,
  onUploaded,
}: {
  memorial: MemorialDetailFragment;
  /** Called once the photo (and the profile image, if chosen) is saved: the page reads again. */
  onUploaded: () => void;
}) {
  const memorialId = memorial.id;
  const hasProfilePhoto = Boolean(memorial.profilePhotoId);
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    DocumentMessages: documentMessages,
  } = useMessages({ MemorialPageMessages, MemorialMessages, DocumentMessages });
  const UPLOAD_FAILED = text.photoUploadFailed;
  const [start] = useMutation(StartMemorialPhotoUploadDocument);
  const [confirm] = useMutation(ConfirmMemorialPhotoUploadDocument);
  const [updateMemorial] = useMutation(UpdateMemorialDocument);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [useAsProfile, setUseAsProfile] = useState(!hasProfilePhoto);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const upload = async () => {
    setFailure(null);
    setFileError(null);
    if (!file) {
      setFileError(text.choosePhotoFirst);
      return;
    }
    setBusy(true);
    try {
      const slot = await start({
        variables: {
          input: { memorialId, fileName: file.name, fileType: file.type, fileSize: file.size },
        },
      });
      const target = slot.data?.startMemorialPhotoUpload;
      if (!target) throw new Error(UPLOAD_FAILED);
      const headers = new Headers();
      for (const header of target.headers) headers.set(header.name, header.value);
      const response = await fetch(target.url, {
        method: target.method,
        headers,
        body: file,
      });
      if (!response.ok) throw new Error(UPLOAD_FAILED);
      const confirmed = await confirm({
        variables: { input: { memorialId, key: target.key, caption: emptyAsNull(caption) } },
      });
      const photo = confirmed.data?.confirmMemorialPhotoUpload;
      if (!photo) throw new Error(UPLOAD_FAILED);
      if (useAsProfile) {
        await updateMemorial({
          variables: {
            id: memorialId,
            input: { ...currentInput(memorial), profilePhotoId: photo.id },
          },
        });
      }
      onUploaded();
      notifications.show({
        color: 'green',
        title: documentMessages.uploadedTitle,
        message: memorialMessages.photoAdded,
      });
      setFile(null);
      setCaption('');
      setUseAsProfile(false);
    } catch (error) {
      const apiError = toApiError(error);
      const fieldMessage = Object.values(apiError.fieldErrors)[0];
      if (fieldMessage) setFileError(fieldMessage);
      else
        setFailure(apiError.code ? memorialFailureMessage(apiError, UPLOAD_FAILED) : UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="photo-upload-title">
      <Title order={3} size="h4" id="photo-upload-title">
        {text.addAPhoto}
      </Title>
      {failure && (
        <Alert color="red" variant="light" role="alert" title={text.uploadFailedTitle}>
          {failure}
        </Alert>
      )}
      <FileInput
        label={text.photo}
        description={text.photoHint}
        placeholder={text.choosePhoto}
        accept="image/jpeg,image/png"
        clearable
        clearButtonProps={{ 'aria-label': text.removeChosenPhoto }}
        value={file}
        onChange={setFile}
        error={fileError}
        styles={{
          description: { color: 'var(--mantine-color-gray-7)' },
          placeholder: { color: 'var(--mantine-color-gray-7)' },
        }}
      />
      <TextInput
        label={text.caption}
        maxLength={MAX_PHOTO_CAPTION_LENGTH}
        value={caption}
        onChange={(event) => setCaption(event.currentTarget.value)}
      />
      <Checkbox
        label={text.useAsProfile}
        checked={useAsProfile}
        onChange={(event) => setUseAsProfile(event.currentTarget.checked)}
      />
      <Button onClick={() => void upload()} loading={busy} w={{ base: '100%', sm: 'fit-content' }}>
        {text.uploadPhoto}
      </Button>
    </Stack>
  );
}
