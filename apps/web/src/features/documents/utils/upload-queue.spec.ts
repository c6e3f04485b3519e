import {
  emptyQueue,
  fileId,
  pendingItems,
  uploadButtonLabel,
  uploadQueueReducer,
  type QueuedFile,
  type UploadQueue,
  type UploadQueueAction,
} from './upload-queue';

const aFile = (name: string, size = 1000): QueuedFile => ({
  name,
  size,
  type: 'application/pdf',
  lastModified: 1,
});

const run = (...actions: UploadQueueAction[]): UploadQueue =>
  actions.reduce(uploadQueueReducer, emptyQueue());

describe('uploadQueueReducer', () => {
  const a = aFile('a.pdf');
  const b = aFile('b.pdf');

  it('lists chosen files in order, each once', () => {
    const queue = run({ type: 'added', files: [a, b] }, { type: 'added', files: [b, a] });
    expect(queue.items.map((item) => item.file.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(queue.items.every((item) => item.status === 'ready' && item.progress === 0)).toBe(true);
  });

  it('keeps two files of the same name but a different size apart', () => {
    const queue = run({ type: 'added', files: [a, aFile('a.pdf', 2000)] });
    expect(queue.items).toHaveLength(2);
  });

  it('removes a file', () => {
    const queue = run({ type: 'added', files: [a, b] }, { type: 'removed', id: fileId(a) });
    expect(queue.items.map((item) => item.file.name)).toEqual(['b.pdf']);
  });

  it('moves progress forward as a whole percent, never back, and to 100 when uploaded', () => {
    const id = fileId(a);
    let queue = run(
      { type: 'added', files: [a] },
      { type: 'started', id },
      { type: 'progressed', id, loaded: 333, total: 1000 },
    );
    expect(queue.items[0]).toMatchObject({ status: 'uploading', progress: 33 });
    queue = uploadQueueReducer(queue, { type: 'progressed', id, loaded: 100, total: 1000 });
    expect(queue.items[0]?.progress).toBe(33);
    queue = uploadQueueReducer(queue, { type: 'progressed', id, loaded: 5000, total: 1000 });
    expect(queue.items[0]?.progress).toBe(100);
    queue = uploadQueueReducer(queue, { type: 'uploaded', id });
    expect(queue.items[0]).toMatchObject({ status: 'uploaded', progress: 100 });
  });

  it('ignores progress with an unknown total and for a file not uploading', () => {
    const id = fileId(a);
    const ready = run({ type: 'added', files: [a] });
    expect(uploadQueueReducer(ready, { type: 'progressed', id, loaded: 5, total: 10 })).toBe(ready);
    const started = uploadQueueReducer(ready, { type: 'started', id });
    expect(
      uploadQueueReducer(started, { type: 'progressed', id, loaded: 5, total: 0 }).items[0]
        ?.progress,
    ).toBe(0);
  });

  it('keeps a failed file with its message; a new start clears it', () => {
    const id = fileId(a);
    let queue = run(
      { type: 'added', files: [a] },
      { type: 'started', id },
      { type: 'failed', id, message: 'Nope' },
    );
    expect(queue.items[0]).toMatchObject({ status: 'failed', error: 'Nope' });
    expect(pendingItems(queue)).toHaveLength(1);
    queue = uploadQueueReducer(queue, { type: 'started', id });
    expect(queue.items[0]).toMatchObject({ status: 'uploading', progress: 0, error: undefined });
  });

  it('clears uploaded files and leaves failed ones', () => {
    const queue = run(
      { type: 'added', files: [a, b] },
      { type: 'uploaded', id: fileId(a) },
      { type: 'failed', id: fileId(b), message: 'x' },
      { type: 'cleared-uploaded' },
    );
    expect(queue.items.map((item) => item.file.name)).toEqual(['b.pdf']);
  });

  it('answers an action on an unknown file with the same state', () => {
    const queue = run({ type: 'added', files: [a] });
    expect(uploadQueueReducer(queue, { type: 'uploaded', id: 'missing' })).toBe(queue);
  });
});

describe('uploadButtonLabel', () => {
  it('names the count', () => {
    expect(uploadButtonLabel(0)).toBe('Upload 0 Document(s)');
    expect(uploadButtonLabel(3)).toBe('Upload 3 Document(s)');
  });
});
