import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { DataSource } from 'typeorm';
import { startTestS3, type TestS3 } from '@jibs/storage';
import { gatewayHeaders } from '@jibs/subgraph';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { createMemorialsApp } from '../memorials-app';
import { loadMemorialsConfig } from '../memorials.config';

export interface Caller {
  id: string;
  email: string;
  token: string | null;
}

export interface GqlResult {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  errors?: {
    message: string;
    extensions: { code: string; fieldErrors?: Record<string, string> };
  }[];
}

export const FIXTURES = join(__dirname, '../../../../libs/storage/src/fixtures');
export const JPEG = readFileSync(join(FIXTURES, 'photo.jpg'));
export const PDF = readFileSync(join(FIXTURES, 'certificate.pdf'));

/**
 * One memorials service on real Postgres, the Postgres bus and s3rver, called as the gateway
 * calls it, with tokens signed by a test JWKS.
 */
export class MemorialsHarness {
  app!: INestApplication;
  dataSource!: DataSource;
  s3!: TestS3;
  private url!: string;
  private jwks!: Server;
  private databases: TestDatabase[] = [];
  private sign!: (claims: Record<string, unknown>, subject: string) => Promise<string>;
  private readonly secret = randomBytes(32).toString('hex');

  async start(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
    this.jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => this.jwks.listen(0, '127.0.0.1', resolve));
    this.sign = (claims, subject) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'test' })
        .setSubject(subject)
        .setIssuer('jibs-identity')
        .setAudience('jibs')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    this.databases = await Promise.all([
      createTestDatabase('memorials'),
      createTestDatabase('eventlog'),
    ]);
    this.s3 = await startTestS3(['memorials']);
    const config = loadMemorialsConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: this.databases[0]!.url,
      EVENTLOG_DATABASE_URL: this.databases[1]!.url,
      JWKS_URL: `http://127.0.0.1:${(this.jwks.address() as AddressInfo).port}/jwks.json`,
      GATEWAY_SECRET: this.secret,
      ...(Object.fromEntries(
        Object.entries(this.s3.env).map(([key, value]) => [key, String(value)]),
      ) as NodeJS.ProcessEnv),
    });
    ({ app: this.app } = await createMemorialsApp(config));
    await this.app.listen(0, '127.0.0.1');
    this.url = `http://127.0.0.1:${(this.app.getHttpServer().address() as AddressInfo).port}/graphql`;
    this.dataSource = this.app.get(DataSource);
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.s3?.stop();
    await new Promise((resolve) => this.jwks?.close(resolve));
    await Promise.all(this.databases.map((db) => db.drop()));
  }

  async member(options: { role?: string; emailVerified?: boolean } = {}): Promise<Caller> {
    const id = randomUUID();
    const email = `m-${id.slice(0, 8)}@example.com`;
    const token = await this.sign(
      { role: options.role ?? 'member', email, email_verified: options.emailVerified ?? true },
      id,
    );
    return { id, email, token };
  }

  admin(): Promise<Caller> {
    return this.member({ role: 'admin' });
  }

  readonly visitor: Caller = { id: randomUUID(), email: '', token: null };

  async gql(caller: Caller | null, query: string, variables?: object): Promise<GqlResult> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...gatewayHeaders(this.secret),
        ...(caller?.token ? { authorization: `Bearer ${caller.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlResult;
  }

  /** The data of a call that must succeed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async ok(caller: Caller | null, query: string, variables?: object): Promise<any> {
    const result = await this.gql(caller, query, variables);
    if (result.errors?.length) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  async createMemorial(caller: Caller, input: Record<string, unknown> = {}): Promise<string> {
    const data = await this.ok(
      caller,
      'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }',
      { input: { fullName: 'Amina Yusuf', ...input } },
    );
    return data.createMemorial.id as string;
  }

  /** Invites `member` and has them accept: an accepted connection. */
  async connect(creator: Caller, memorialId: string, member: Caller, canEdit: boolean) {
    await this.ok(
      creator,
      'mutation($m: ID!, $e: String!, $c: Boolean!) { inviteToMemorial(memorialId: $m, email: $e, canEdit: $c) { id } }',
      { m: memorialId, e: member.email, c: canEdit },
    );
    await this.ok(member, 'mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }', {
      m: memorialId,
    });
  }

  /** Start, PUT and confirm: the photo's id. */
  async uploadPhoto(
    caller: Caller,
    memorialId: string,
    file: { body: Buffer; name: string; type: string; caption?: string },
  ): Promise<GqlResult> {
    const slot = await this.gql(
      caller,
      'mutation($input: StartMemorialPhotoUploadInput!) { startMemorialPhotoUpload(input: $input) { key url headers { name value } } }',
      {
        input: { memorialId, fileName: file.name, fileType: file.type, fileSize: file.body.length },
      },
    );
    if (slot.errors) return slot;
    const { key, url, headers } = slot.data.startMemorialPhotoUpload as {
      key: string;
      url: string;
      headers: { name: string; value: string }[];
    };
    const put = await fetch(url, {
      method: 'PUT',
      headers: Object.fromEntries(headers.map((header) => [header.name, header.value])),
      body: new Uint8Array(file.body),
    });
    if (!put.ok) throw new Error(`PUT failed: ${put.status}`);
    return this.gql(
      caller,
      'mutation($input: ConfirmMemorialPhotoUploadInput!) { confirmMemorialPhotoUpload(input: $input) { id caption displayOrder contentType size url } }',
      { input: { memorialId, key, caption: file.caption ?? null } },
    );
  }

  async count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    )) as { n: number }[];
    return row!.n;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async outbox(topic: string, key: string): Promise<any[]> {
    const rows = (await this.dataSource.query(
      'SELECT envelope FROM outbox WHERE topic = $1 AND key = $2 ORDER BY seq',
      [topic, key],
    )) as { envelope: { data: unknown } }[];
    return rows.map((row) => row.envelope.data);
  }
}

/** The error code of a result, or 'ok'. */
export function outcome(result: GqlResult): string {
  return result.errors?.[0]?.extensions.code ?? 'ok';
}
