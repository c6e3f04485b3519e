import { FileSendError, sendFile } from './send-file';
import type { UploadSlot } from './upload-files';

/** Just enough of XMLHttpRequest to see what sendFile asks of it and to answer. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
}

const slot: UploadSlot = {
  key: 'member/1-a.pdf',
  url: 'http://127.0.0.1:4569/documents/member/1-a.pdf?X-Amz-Signature=abc',
  method: 'PUT',
  headers: [
    { name: 'Content-Type', value: 'application/pdf' },
    { name: 'Content-Length', value: '10' },
    { name: 'x-amz-meta-owner', value: 'member' },
  ],
};

const file = new Blob(['0123456789'], { type: 'application/pdf' });

describe('sendFile', () => {
  const original = globalThis.XMLHttpRequest;
  beforeAll(() => {
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeRequest;
  });
  afterAll(() => {
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = original;
  });

  it('PUTs the file to the slot with its headers (but those the browser owns) and reports progress', async () => {
    const progress: [number, number][] = [];
    const sent = sendFile(slot, file, (loaded, total) => progress.push([loaded, total]));
    const request = FakeRequest.last;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(slot.url);
    expect(request.headers).toEqual({
      'Content-Type': 'application/pdf',
      'x-amz-meta-owner': 'member',
    });
    expect(request.body).toBe(file);

    request.upload.onprogress?.({ loaded: 4, total: 10, lengthComputable: true });
    request.upload.onprogress?.({ loaded: 6, total: 0, lengthComputable: false });
    request.status = 200;
    request.onload?.();
    await expect(sent).resolves.toBeUndefined();
    expect(progress).toEqual([
      [4, 10],
      [6, 10],
      [10, 10],
    ]);
  });

  it('fails on a refusal from storage, naming its status', async () => {
    const sent = sendFile(slot, file, () => undefined);
    FakeRequest.last.status = 403;
    FakeRequest.last.onload?.();
    await expect(sent).rejects.toEqual(new FileSendError(403));
    await expect(sent).rejects.toThrow('File upload error: storage answered 403');
  });

  it('fails when the connection is lost or the request aborted', async () => {
    const lost = sendFile(slot, file, () => undefined);
    FakeRequest.last.onerror?.();
    await expect(lost).rejects.toThrow('File upload error');
    const aborted = sendFile(slot, file, () => undefined);
    FakeRequest.last.onabort?.();
    await expect(aborted).rejects.toBeInstanceOf(FileSendError);
  });
});
