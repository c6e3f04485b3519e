import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { DataSource } from 'typeorm';
import { buildEnvelope, EVENT_BROKER, type EventBroker } from '@jibs/events';
import { gatewayHeaders } from '@jibs/subgraph';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { createBillingApp } from '../billing-app';
import { loadBillingConfig } from '../billing.config';
import { signWebhookPayload } from '../provider/webhook-signature';

/** Tests call billing as the gateway does, with its credential. */
export const GATEWAY_SECRET = randomBytes(32).toString('hex');
export const asGateway = (): Record<string, string> => gatewayHeaders(GATEWAY_SECRET);

/** Only for integration tests: a booted billing service on test databases. */
export interface GqlBody {
  // Tests read loosely typed GraphQL responses.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  errors?: { message: string; extensions: any }[];
}

export interface TestMember {
  id: string;
  token: string;
}

export class BillingHarness {
  private constructor(
    readonly app: INestApplication,
    readonly url: string,
    readonly dataSource: DataSource,
    readonly broker: EventBroker,
    readonly webhookSecret: string,
    private readonly privateKey: CryptoKey,
    private readonly jwks: Server,
    private readonly databases: TestDatabase[],
  ) {}

  static async start(env: Record<string, string> = {}): Promise<BillingHarness> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
    const jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const databases = await Promise.all([
      createTestDatabase('billing'),
      createTestDatabase('eventlog'),
    ]);
    const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
    const config = loadBillingConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0]!.url,
      EVENTLOG_DATABASE_URL: databases[1]!.url,
      JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      PUBLIC_ORIGIN: 'https://jibs.example.org',
      BILLING_PUBLIC_URL: 'https://jibs.example.org',
      GATEWAY_SECRET,
      ...env,
    });
    const { app } = await createBillingApp(config);
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    return new BillingHarness(
      app,
      url,
      app.get(DataSource),
      app.get(EVENT_BROKER),
      webhookSecret,
      privateKey,
      jwks,
      databases,
    );
  }

  async close(): Promise<void> {
    await this.app?.close();
    await new Promise((resolve) => this.jwks?.close(resolve));
    await Promise.all(this.databases.map((db) => db.drop()));
  }

  token(userId: string, role: 'member' | 'admin' = 'member'): Promise<string> {
    return new SignJWT({ role, email: `${userId}@example.com` })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setSubject(userId)
      .setIssuer('jibs-identity')
      .setAudience('jibs')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.privateKey);
  }

  /**
   * A member identity knows about (user.registered delivered and applied) and who verified at
   * registration step 2 (user.verified applied), unless `verified: false`.
   */
  async aMember(firstName = 'Yusuf', options: { verified?: boolean } = {}): Promise<TestMember> {
    const id = randomUUID();
    const envelope = buildEnvelope(
      'user.registered',
      { userId: id, email: `${id}@example.com`, firstName, lastName: 'Ali', role: 'member' },
      { source: 'jibs/identity', subject: id },
    );
    await this.broker.publish([{ topic: 'user.registered', key: id, envelope }]);
    await eventually(
      async () =>
        (await this.count('members', 'user_id = $1 AND email IS NOT NULL', [id])) === 1 ||
        undefined,
    );
    if (options.verified !== false) await this.verify(id);
    return { id, token: await this.token(id) };
  }

  /** Delivers `user.verified` for the member and waits until billing applied it. */
  async verify(userId: string): Promise<void> {
    const envelope = buildEnvelope(
      'user.verified',
      { userId, method: 'email' },
      { source: 'jibs/identity', subject: userId },
    );
    await this.broker.publish([{ topic: 'user.verified', key: userId, envelope }]);
    await eventually(
      async () =>
        (await this.count('members', 'user_id = $1 AND email_verified', [userId])) === 1 ||
        undefined,
    );
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

  /** Posts a provider event to the webhook endpoint, signed like Stripe unless told otherwise. */
  async deliver(
    event: { id?: string; type: string; created?: number; object: Record<string, unknown> },
    options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
  ): Promise<Response> {
    const payload = JSON.stringify({
      id: event.id ?? `evt_test_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: event.type,
      created: event.created ?? Math.floor(Date.now() / 1000),
      data: { object: event.object },
    });
    const signature = signWebhookPayload(
      options.secret ?? this.webhookSecret,
      payload,
      options.timestamp,
    );
    return fetch(`${this.url}/webhooks/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
        ...asGateway(),
      },
      body: options.tamper ? payload.replace('"amount', '"amount_x') : payload,
    });
  }

  /** Submits the sandbox checkout page's form, as the browser would. */
  async submitSandbox(url: string, fields: Record<string, string>): Promise<Response> {
    const parsed = new URL(url);
    // The page's own form carries the page's secret as `k` (tests may override it).
    const k = parsed.searchParams.get('k');
    return fetch(`${this.url}${parsed.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...asGateway() },
      body: new URLSearchParams({ ...(k === null ? {} : { k }), ...fields }).toString(),
      redirect: 'manual',
    });
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
