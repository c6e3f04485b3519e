import { ErrorCode, UploadMessages } from '@jibs/domain';
import { toApiError } from '@jibs/web-data';
import type { QueuedFile, UploadItem, UploadQueueAction } from './upload-queue';

/** Where and how to send one file, as documents' `startDocumentUpload` answers. */
export interface UploadSlot {
  key: string;
  url: string;
  method: string;
  headers: readonly { name: string; value: string }[];
}

/** The three steps of one upload (spec 7's storage upload, done as the contract says). */
export interface UploadSteps<F extends QueuedFile> {
  /** Asks documents for a slot; it checks the declared name, type and size first. */
  start(file: F): Promise<UploadSlot>;
  /** Sends the bytes straight to storage, reporting progress. */
  send(
    slot: UploadSlot,
    file: F,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<void>;
  /** Tells documents the file is there; it checks the stored content and records it. */
  confirm(slot: UploadSlot, file: F): Promise<void>;
}

export interface UploadOutcome {
  uploaded: number;
  /** The first refusal's words, for the failure toast. */
  failure?: string;
}

/** An upload that did not happen: the words to show, and whether to stop trying the rest. */
export function uploadFailure(error: unknown): { message: string; stopAll: boolean } {
  const apiError = toApiError(error);
  if (apiError.code === ErrorCode.RateLimited) {
    return { message: apiError.message || UploadMessages.rateLimited, stopAll: true };
  }
  const speaksToUser =
    apiError.code === ErrorCode.BadUserInput || apiError.code === ErrorCode.NotFound;
  if (speaksToUser && apiError.message) return { message: apiError.message, stopAll: false };
  return { message: UploadMessages.failed, stopAll: false };
}

/**
 * Uploads the items one after another (a member's uploads are rate limited, so there is no
 * gain in racing them): each is started, sent and confirmed, its progress and outcome told
 * through `dispatch`. A rate limit fails the rest with the same words instead of trying them.
 */
export async function uploadItems<F extends QueuedFile>(
  items: readonly UploadItem<F>[],
  steps: UploadSteps<F>,
  dispatch: (action: UploadQueueAction<F>) => void,
): Promise<UploadOutcome> {
  let uploaded = 0;
  let failure: string | undefined;
  for (const [index, item] of items.entries()) {
    const id = item.id;
    dispatch({ type: 'started', id });
    try {
      const slot = await steps.start(item.file);
      await steps.send(slot, item.file, (loaded, total) =>
        dispatch({ type: 'progressed', id, loaded, total }),
      );
      await steps.confirm(slot, item.file);
      dispatch({ type: 'uploaded', id });
      uploaded += 1;
    } catch (error) {
      const { message, stopAll } = uploadFailure(error);
      failure ??= message;
      dispatch({ type: 'failed', id, message });
      if (stopAll) {
        for (const rest of items.slice(index + 1)) {
          dispatch({ type: 'failed', id: rest.id, message });
        }
        break;
      }
    }
  }
  return { uploaded, failure };
}
