import { ClientMessages } from '@jibs/domain';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { toApiError, translateText } from '@jibs/web-data';
import { UpdateProfileDocument, type ProfileFragment } from '../../../gql/graphql';
import { displayValue, profileEdit, type EditableField } from '../utils/profile-update';
import { useMutation } from '@apollo/client/react';

export type SaveStatus = 'idle' | 'saving' | 'saved';

/**
 * One profile field that saves itself (spec: each edit saves immediately): the typed value,
 * its message, and `save`, called on blur or on selection with only this field.
 */
export function useAutoSave(field: EditableField, profile: ProfileFragment) {
  const [draft, setDraftValue] = useState(() => displayValue(field, profile[field]));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [update] = useMutation(UpdateProfileDocument);

  const setDraft = (value: string) => {
    setDraftValue(value);
    setStatus('idle');
  };

  const save = async (typed: string = draft) => {
    const edit = profileEdit(field, typed, profile);
    if (edit.kind === 'unchanged') {
      setError(null);
      return;
    }
    if (edit.kind === 'invalid') {
      setError(translateText(edit.message));
      return;
    }
    setError(null);
    setStatus('saving');
    try {
      const { data } = await update({ variables: { input: edit.input } });
      if (data) setDraftValue(displayValue(field, data.updateProfile[field]));
      setStatus('saved');
      notifications.show({
        color: 'jibs',
        title: translateText(ClientMessages.successTitle),
        message: translateText(ClientMessages.profileUpdated),
      });
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(apiError.fieldErrors[field] ?? null);
      setStatus('idle');
      notifications.show({
        color: 'red',
        title: translateText(ClientMessages.errorTitle),
        message: translateText(ClientMessages.profileUpdateFailed),
      });
    }
  };

  return { draft, setDraft, error, status, save };
}
