import { DocumentPageMessages } from '@jibs/domain';
/** What the upload screen needs to know about a chosen file (a browser `File` fits). */
export interface QueuedFile {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

export type UploadItemStatus = 'ready' | 'uploading' | 'uploaded' | 'failed';

export interface UploadItem<F extends QueuedFile = QueuedFile> {
  /** Stable while the file is listed: name, size and modification time. */
  id: string;
  file: F;
  status: UploadItemStatus;
  /** Percent sent, 0 to 100. */
  progress: number;
  error?: string;
}

export interface UploadQueue<F extends QueuedFile = QueuedFile> {
  items: UploadItem<F>[];
}

export type UploadQueueAction<F extends QueuedFile = QueuedFile> =
  | { type: 'added'; files: readonly F[] }
  | { type: 'removed'; id: string }
  | { type: 'started'; id: string }
  | { type: 'progressed'; id: string; loaded: number; total: number }
  | { type: 'uploaded'; id: string }
  | { type: 'failed'; id: string; message: string }
  | { type: 'cleared-uploaded' };

export function fileId(file: QueuedFile): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

export function emptyQueue<F extends QueuedFile>(): UploadQueue<F> {
  return { items: [] };
}

/**
 * The selected files and each one's upload: a file chosen twice is listed once; a failed file
 * stays with its message (and is tried again by the next upload); progress only moves forward.
 */
export function uploadQueueReducer<F extends QueuedFile>(
  queue: UploadQueue<F>,
  action: UploadQueueAction<F>,
): UploadQueue<F> {
  switch (action.type) {
    case 'added': {
      const ids = new Set(queue.items.map((item) => item.id));
      const added: UploadItem<F>[] = [];
      for (const file of action.files) {
        const id = fileId(file);
        if (ids.has(id)) continue;
        ids.add(id);
        added.push({ id, file, status: 'ready', progress: 0 });
      }
      return added.length ? { items: [...queue.items, ...added] } : queue;
    }
    case 'removed':
      return { items: queue.items.filter((item) => item.id !== action.id) };
    case 'started':
      return update(queue, action.id, (item) => ({
        ...item,
        status: 'uploading',
        progress: 0,
        error: undefined,
      }));
    case 'progressed':
      return update(queue, action.id, (item) => {
        const percent = percentOf(action.loaded, action.total);
        return item.status === 'uploading' && percent > item.progress
          ? { ...item, progress: percent }
          : item;
      });
    case 'uploaded':
      return update(queue, action.id, (item) => ({
        ...item,
        status: 'uploaded',
        progress: 100,
        error: undefined,
      }));
    case 'failed':
      return update(queue, action.id, (item) => ({
        ...item,
        status: 'failed',
        error: action.message,
      }));
    case 'cleared-uploaded':
      return { items: queue.items.filter((item) => item.status !== 'uploaded') };
  }
}

/** The files the next upload sends: every one not already uploaded. */
export function pendingItems<F extends QueuedFile>(queue: UploadQueue<F>): UploadItem<F>[] {
  return queue.items.filter((item) => item.status === 'ready' || item.status === 'failed');
}

/** The upload button's words, with the count (spec 2: 'labelled with the file count'). */
export function uploadButtonLabel(
  count: number,
  text: typeof DocumentPageMessages = DocumentPageMessages,
): string {
  return text.uploadButton(count);
}

function percentOf(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

function update<F extends QueuedFile>(
  queue: UploadQueue<F>,
  id: string,
  change: (item: UploadItem<F>) => UploadItem<F>,
): UploadQueue<F> {
  let changed = false;
  const items = queue.items.map((item) => {
    if (item.id !== id) return item;
    const next = change(item);
    changed ||= next !== item;
    return next;
  });
  return changed ? { items } : queue;
}
