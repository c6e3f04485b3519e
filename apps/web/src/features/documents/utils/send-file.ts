import { UploadMessages } from '@jibs/domain';
import type { UploadSlot } from './upload-files';

/** Headers a browser sets itself and refuses from scripts. */
const BROWSER_OWNED_HEADERS = new Set(['content-length', 'host', 'connection']);

/** A storage refusal or a lost connection while sending a file's bytes. */
export class FileSendError extends Error {
  constructor(readonly status: number) {
    const prefix = UploadMessages.storageErrorPrefix;
    super(status ? `${prefix}: storage answered ${status}` : prefix);
    this.name = 'FileSendError';
  }
}

/**
 * Sends a file to its presigned URL with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Resolves on a 2xx answer.
 */
export function sendFile(
  slot: UploadSlot,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(slot.method || 'PUT', slot.url);
    for (const header of slot.headers) {
      if (!BROWSER_OWNED_HEADERS.has(header.name.toLowerCase())) {
        request.setRequestHeader(header.name, header.value);
      }
    }
    request.upload.onprogress = (event) => {
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(file.size, file.size);
        resolve();
      } else {
        reject(new FileSendError(request.status));
      }
    };
    request.onerror = () => reject(new FileSendError(0));
    request.onabort = () => reject(new FileSendError(0));
    request.send(file);
  });
}
