import { useApolloClient, useQuery } from '@apollo/client/react';
import type { UploadRules } from '@jibs/domain';
import { useCallback, useMemo } from 'react';
import {
  UploadLimitsDocument,
  ConfirmDocumentUploadDocument,
  MyDocumentsDocument,
  StartDocumentUploadDocument,
} from '../../../gql/graphql';
import { sendFile } from '../utils/send-file';
import { uploadItems, type UploadOutcome, type UploadSteps } from '../utils/upload-files';
import type { UploadItem, UploadQueueAction } from '../utils/upload-queue';
import { declaredMimeType, uploadRulesOf } from '../utils/upload-rules';

export interface DocumentUploads {
  /** documents' limits (the settings'), or the defaults until they have been read. */
  rules: UploadRules;
  /** Starts, sends and confirms each item as `documentType` (and for a report, if given). */
  upload(
    items: readonly UploadItem<File>[],
    target: { documentType: string; deathReportId?: string },
    dispatch: (action: UploadQueueAction<File>) => void,
  ): Promise<UploadOutcome>;
}

/** Uploads to documents as the contract says: a slot, a PUT to storage, a confirmation. */
export function useDocumentUploads(): DocumentUploads {
  const client = useApolloClient();
  const limits = useQuery(UploadLimitsDocument);
  const rules = useMemo(() => uploadRulesOf(limits.data?.uploadLimits), [limits.data]);

  const upload = useCallback<DocumentUploads['upload']>(
    async (items, { documentType, deathReportId }, dispatch) => {
      const steps: UploadSteps<File> = {
        start: async (file) => {
          const { data } = await client.mutate({
            mutation: StartDocumentUploadDocument,
            variables: {
              input: {
                fileName: file.name,
                fileType: declaredMimeType(file, rules),
                fileSize: file.size,
                documentType,
              },
            },
          });
          if (!data) throw new Error('No upload slot was given');
          return data.startDocumentUpload;
        },
        send: (slot, file, onProgress) => sendFile(slot, file, onProgress),
        confirm: async (slot, file) => {
          await client.mutate({
            mutation: ConfirmDocumentUploadDocument,
            variables: {
              input: { key: slot.key, fileName: file.name, documentType, deathReportId },
            },
          });
        },
      };
      const outcome = await uploadItems(items, steps, dispatch);
      if (outcome.uploaded > 0) void client.refetchQueries({ include: [MyDocumentsDocument] });
      return outcome;
    },
    [client, rules],
  );

  return { rules, upload };
}
