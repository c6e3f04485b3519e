import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { SettingKey, SiteSettingsValues } from '@jibs/domain';
import {
  startSubgraph,
  TestSubgraph,
  type GqlBody,
  type StartSubgraphOptions,
  type TestUser,
} from '@jibs/testing';
import type { DocumentsConfig } from '../documents.config';
import { documentsService } from '../documents.module';

export type { GqlBody, TestUser };

export const BUCKET = 'documents';

/**
 * fetch on a connection of its own: s3rver closes kept-alive sockets as they are reused, which
 * fails a PUT whose body cannot be replayed.
 */
export function fetchOnce(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), connection: 'close' },
  });
}

/** The documents service under test (its bucket on the test S3), with what its tests repeat. */
export class DocumentsHarness extends TestSubgraph<DocumentsConfig> {
  /** What the service needs started beside it: its bucket. */
  static options(env: Record<string, string> = {}): StartSubgraphOptions {
    return { buckets: [BUCKET], env: { S3_BUCKET_DOCUMENTS: BUCKET, ...env } };
  }

  static start(env: Record<string, string> = {}): Promise<DocumentsHarness> {
    return startSubgraph(documentsService, DocumentsHarness.options(env), DocumentsHarness);
  }

  /**
   * A browser's PUT of a body of another length than the slot signed. S3 and the verifying
   * server refuse it (403; libs/storage/src/presigned-limits.int-spec.ts); a server that does not
   * check the signed length (s3rver) keeps it, so then the bytes are written as it would keep
   * them: confirm must refuse them by what is in the bucket either way.
   */
  async putMismatched(
    slot: { key: string; url: string; method: string; headers: { name: string; value: string }[] },
    body: Buffer,
  ): Promise<void> {
    const headers = Object.fromEntries(slot.headers.map(({ name, value }) => [name, value]));
    const response = await fetchOnce(slot.url, {
      method: slot.method,
      headers,
      body: new Uint8Array(body),
    });
    if (response.status === 200) return;
    if (this.s3.server !== 'verifying' || response.status !== 403) {
      throw new Error(`the upload PUT answered ${response.status} on ${this.s3.server}`);
    }
    await this.s3.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: slot.key,
        Body: body,
        ContentType: headers['Content-Type'],
      }),
    );
  }

  /** Every key in the bucket under a member's prefixes (stored and incoming). */
  async keysOf(userId: string): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of [`${userId}/`, `incoming/${userId}/`]) {
      const page = await this.s3.client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }),
      );
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    }
    return keys.sort();
  }

  /** Publishes `settings.updated` as identity would and waits until this service applied it. */
  async updateSettings(settings: Partial<SiteSettingsValues>): Promise<void> {
    await this.deliverEvent(
      'settings.updated',
      { settings, changed: Object.keys(settings) as SettingKey[], updatedBy: null },
      { subject: 'site', source: 'jibs/identity' },
    );
  }

  /**
   * Publishes `user.registered` as identity would (at `time`, default now) and waits until this
   * service applied it.
   */
  async registered(
    userId: string,
    firstName: string,
    lastName: string,
    time?: Date,
  ): Promise<void> {
    await this.aMember({ id: userId, firstName, lastName, registered: time ?? true });
  }
}
