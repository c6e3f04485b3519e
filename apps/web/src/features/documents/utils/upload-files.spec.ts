import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { UploadMessages } from '@jibs/domain';
import { uploadFailure, uploadItems, type UploadSlot, type UploadSteps } from './upload-files';
import {
  emptyQueue,
  uploadQueueReducer,
  type QueuedFile,
  type UploadQueue,
  type UploadQueueAction,
} from './upload-queue';

const file = (name: string): QueuedFile => ({
  name,
  size: 100,
  type: 'application/pdf',
  lastModified: 1,
});

const graphQLError = (code: string, message: string) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code } }] });

const slot = (key: string): UploadSlot => ({
  key,
  url: `http://s3/${key}`,
  method: 'PUT',
  headers: [],
});

/** A queue holding `files`, driven by the dispatched actions. */
function harness(files: QueuedFile[]) {
  let queue: UploadQueue = uploadQueueReducer(emptyQueue(), { type: 'added', files });
  const actions: UploadQueueAction[] = [];
  return {
    items: () => queue.items,
    actions,
    dispatch: (action: UploadQueueAction) => {
      actions.push(action);
      queue = uploadQueueReducer(queue, action);
    },
  };
}

describe('uploadItems', () => {
  it('starts, sends and confirms each file in turn, with progress', async () => {
    const h = harness([file('a.pdf'), file('b.pdf')]);
    const calls: string[] = [];
    const steps: UploadSteps<QueuedFile> = {
      start: async (f) => (calls.push(`start ${f.name}`), slot(f.name)),
      send: async (s, _f, onProgress) => {
        calls.push(`send ${s.key}`);
        onProgress(50, 100);
      },
      confirm: async (s) => void calls.push(`confirm ${s.key}`),
    };
    const outcome = await uploadItems(h.items(), steps, h.dispatch);
    expect(outcome).toEqual({ uploaded: 2, failure: undefined });
    expect(calls).toEqual([
      'start a.pdf',
      'send a.pdf',
      'confirm a.pdf',
      'start b.pdf',
      'send b.pdf',
      'confirm b.pdf',
    ]);
    expect(h.actions.filter((a) => a.type === 'progressed')).toHaveLength(2);
    expect(h.items().map((item) => item.status)).toEqual(['uploaded', 'uploaded']);
  });

  it('fails one file with the server’s words and goes on with the next', async () => {
    const h = harness([file('a.pdf'), file('b.pdf')]);
    const steps: UploadSteps<QueuedFile> = {
      start: async (f) => slot(f.name),
      send: async () => undefined,
      confirm: async (s) => {
        if (s.key === 'a.pdf') throw graphQLError('BAD_USER_INPUT', 'File content is not a PDF');
      },
    };
    const outcome = await uploadItems(h.items(), steps, h.dispatch);
    expect(outcome).toEqual({ uploaded: 1, failure: 'File content is not a PDF' });
    expect(h.items().map((item) => [item.status, item.error])).toEqual([
      ['failed', 'File content is not a PDF'],
      ['uploaded', undefined],
    ]);
  });

  it('stops at a rate limit and fails the rest with the same words, untried', async () => {
    const h = harness([file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    const started: string[] = [];
    const steps: UploadSteps<QueuedFile> = {
      start: async (f) => {
        started.push(f.name);
        if (f.name === 'b.pdf') throw graphQLError('RATE_LIMITED', UploadMessages.rateLimited);
        return slot(f.name);
      },
      send: async () => undefined,
      confirm: async () => undefined,
    };
    const outcome = await uploadItems(h.items(), steps, h.dispatch);
    expect(started).toEqual(['a.pdf', 'b.pdf']);
    expect(outcome).toEqual({ uploaded: 1, failure: UploadMessages.rateLimited });
    expect(h.items().map((item) => item.status)).toEqual(['uploaded', 'failed', 'failed']);
    expect(h.items()[2]?.error).toBe(UploadMessages.rateLimited);
  });
});

describe('uploadFailure', () => {
  it('words storage and server failures as the spec does', () => {
    expect(uploadFailure(new Error('File upload error'))).toEqual({
      message: UploadMessages.failed,
      stopAll: false,
    });
    expect(uploadFailure(graphQLError('INTERNAL', 'boom'))).toEqual({
      message: UploadMessages.failed,
      stopAll: false,
    });
  });

  it('passes on the words of a refusal meant for the member', () => {
    expect(uploadFailure(graphQLError('NOT_FOUND', UploadMessages.notFound))).toEqual({
      message: UploadMessages.notFound,
      stopAll: false,
    });
    expect(uploadFailure(graphQLError('RATE_LIMITED', ''))).toEqual({
      message: UploadMessages.rateLimited,
      stopAll: true,
    });
  });
});
