import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { DataSource } from 'typeorm';
import { buildEnvelope, EVENT_BROKER, type EventBroker } from '@jibs/events';
import { startTestS3, type TestS3 } from '@jibs/storage';
import { gatewayHeaders } from '@jibs/subgraph';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { createDocumentsApp } from '../documents-app';
import { loadDocumentsConfig } from '../documents.config';

/** Tests call the service as the gateway does, with its credential. */
export const GATEWAY_SECRET = randomBytes(32).toString('hex');
export const asGateway = (): Record<string, string> => gatewayHeaders(GATEWAY_SECRET);
export const BUCKET = 'documents';

export interface GqlBody {
  // Tests read loosely typed GraphQL responses.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  errors?: { message: string; extensions: any }[];
}

export interface TestUser {
  id: string;
  token: string;
}

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

/** Only for integration tests and the bench: the documents service on test databases and s3rver. */
export class DocumentsHarness {
  private constructor(
    readonly app: INestApplication,
    readonly url: string,
    readonly dataSource: DataSource,
    readonly broker: EventBroker,
    readonly s3: TestS3,
    private readonly privateKey: CryptoKey,
    private readonly jwks: Server,
    private readonly databases: TestDatabase[],
  ) {}

  static async start(env: Record<string, string> = {}): Promise<DocumentsHarness> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
    const jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const [s3, ...databases] = await Promise.all([
      startTestS3([BUCKET]),
      createTestDatabase('documents'),
      createTestDatabase('eventlog'),
    ] as const);
    const config = loadDocumentsConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0].url,
      EVENTLOG_DATABASE_URL: databases[1].url,
      JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
      GATEWAY_SECRET,
      S3_ENDPOINT: s3.env.S3_ENDPOINT,
      S3_REGION: s3.env.S3_REGION,
      S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET_DOCUMENTS: BUCKET,
      ...env,
    });
    const { app } = await createDocumentsApp(config);
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    return new DocumentsHarness(
      app,
      url,
      app.get(DataSource),
      app.get(EVENT_BROKER),
      s3,
      privateKey,
      jwks,
      [...databases],
    );
  }

  async close(): Promise<void> {
    await this.app?.close();
    await new Promise((resolve) => this.jwks?.close(resolve));
    await this.s3?.stop();
    await Promise.all(this.databases.map((db) => db.drop()));
  }

  async user(role: 'member' | 'admin' = 'member'): Promise<TestUser> {
    const id = randomUUID();
    const token = await new SignJWT({ role, email: `${id}@example.com` })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setSubject(id)
      .setIssuer('jibs-identity')
      .setAudience('jibs')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(this.privateKey);
    return { id, token };
  }

  aMember(): Promise<TestUser> {
    return this.user('member');
  }

  anAdmin(): Promise<TestUser> {
    return this.user('admin');
  }

  async gql(query: string, variables?: object, token?: string): Promise<GqlBody> {
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...asGateway(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlBody;
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
  async updateSettings(settings: Record<string, unknown>): Promise<void> {
    const envelope = buildEnvelope(
      'settings.updated',
      { settings, updatedBy: null },
      { source: 'jibs/identity', subject: 'site' },
    );
    await this.broker.publish([{ topic: 'settings.updated', key: 'site', envelope }]);
    await eventually(
      async () => (await this.count('inbox', 'event_id = $1', [envelope.id])) === 1 || undefined,
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
    const envelope = buildEnvelope(
      'user.registered',
      { userId, email: `${userId}@example.com`, firstName, lastName, role: 'member' },
      { source: 'jibs/identity', subject: userId },
    );
    if (time) envelope.time = time.toISOString();
    await this.broker.publish([{ topic: 'user.registered', key: userId, envelope }]);
    await eventually(
      async () => (await this.count('inbox', 'event_id = $1', [envelope.id])) === 1 || undefined,
    );
  }

  async count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    );
    return row.n;
  }

  async outbox(
    topic: string,
    key?: string,
  ): Promise<{ envelope: { data: Record<string, unknown> } }[]> {
    return this.dataSource.query(
      `SELECT envelope FROM outbox WHERE topic = $1 AND ($2::text IS NULL OR key = $2) ORDER BY seq`,
      [topic, key ?? null],
    );
  }
}
