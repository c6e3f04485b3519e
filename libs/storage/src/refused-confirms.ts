import type { S3Client } from '@aws-sdk/client-s3';
import type { DataSource } from 'typeorm';
import { deleteObject } from './objects';
import { UploadClaimEntity } from './upload-claim.entity';
import { INCOMING_PREFIX, parseIncomingKey } from './upload-keys';

export interface RefusedConfirmOptions<U> {
  /** The service's confirm mutations (root field names); their input carries the upload `key`. */
  mutations: readonly string[];
  bucket: string;
  s3: S3Client;
  dataSource: DataSource;
  /** Whether the caller may confirm uploads under this owner id (the confirm's own rule). */
  mayDiscard(caller: U, ownerId: string): Promise<boolean>;
}

/** A request body the door refused, and its caller as the service's auth verifies it. */
export interface RefusedConfirmRequest<U> {
  body: unknown;
  caller(): Promise<U | null>;
}

/** More keys than any one honest request names: the rest are left to the hourly sweep. */
const MAX_KEYS = 4;
const OWNER = new RegExp(`^${INCOMING_PREFIX}([A-Za-z0-9_-]{1,128})/`);
const LITERAL_KEY = /\bkey\s*:\s*"([^"\\\n]{1,300})"/g;

/**
 * The upload keys a refused confirm names: `key` in any variable object (`$input.key`) or a
 * simple string literal `key: "…"` in the query, for a body whose query names one of the
 * confirm mutations. Only keys in the shape the service makes (`incoming/{owner}/{ts}-{rand}.{ext}`)
 * are kept, with their owner: no other text of the refused body goes further.
 */
export function refusedConfirmKeys(
  body: unknown,
  mutations: readonly string[],
): { key: string; ownerId: string }[] {
  const found = new Map<string, string>();
  for (const item of Array.isArray(body) ? body : [body]) {
    if (!item || typeof item !== 'object') continue;
    const { query, variables } = item as { query?: unknown; variables?: unknown };
    if (typeof query !== 'string') continue;
    if (!mutations.some((name) => new RegExp(`\\b${name}\\b`).test(query))) continue;
    const candidates: unknown[] = [...query.matchAll(LITERAL_KEY)].map((match) => match[1]);
    if (variables && typeof variables === 'object' && !Array.isArray(variables)) {
      for (const value of Object.values(variables as Record<string, unknown>)) {
        if (value && typeof value === 'object') {
          candidates.push((value as Record<string, unknown>)['key']);
        }
      }
    }
    for (const key of candidates) {
      if (typeof key !== 'string') continue;
      const ownerId = OWNER.exec(key)?.[1];
      if (ownerId && parseIncomingKey(key, ownerId).ok) found.set(key, ownerId);
    }
  }
  return [...found].slice(0, MAX_KEYS).map(([key, ownerId]) => ({ key, ownerId }));
}

/**
 * A request the door refused before any resolver ran (a NUL or a lone surrogate in a confirm's
 * variables) would leave its upload in `incoming/`: this deletes it, as a refused confirm does.
 * Only the caller's own uploads (`mayDiscard`, from the verified token; anonymous: none), and
 * never one a confirmation is working on (claimed, not settled). Give it to the service
 * definition's `refusedRequests`.
 */
export function discardRefusedConfirms<U>(options: RefusedConfirmOptions<U>) {
  return async (request: RefusedConfirmRequest<U>): Promise<void> => {
    const keys = refusedConfirmKeys(request.body, options.mutations);
    if (keys.length === 0) return;
    const caller = await request.caller();
    if (!caller) return;
    for (const { key, ownerId } of keys) {
      if (!(await options.mayDiscard(caller, ownerId))) continue;
      const claim = await options.dataSource.manager.findOneBy(UploadClaimEntity, {
        uploadKey: key,
      });
      if (claim && !claim.settledAt) continue;
      await deleteObject(options.s3, { bucket: options.bucket, key });
    }
  };
}
