import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import {
  buildEnvelope,
  EVENT_BROKER,
  eventHandlersOf,
  type EventBroker,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@jibs/events';
import { startTestS3, type TestS3 } from '@jibs/storage';
import { gatewayHeaders } from '@jibs/subgraph';
import { startExportTestKit, type ExportTestKit } from './export-test-kit';
import { startFakeIdentity, type FakeIdentity } from './fake-identity';
import { createTestDatabase, eventually, type TestDatabase } from './test-database';

/**
 * What a test needs of a service to boot it: its `defineService(...)` result (or any object with
 * its name and these two functions). The service passes itself in: this library never imports
 * an app.
 */
export interface SubgraphUnderTest<C> {
  readonly name: string;
  loadConfig(env: NodeJS.ProcessEnv): C;
  createApp(config: C): Promise<{ app: INestApplication }>;
}

export interface StartSubgraphOptions {
  /** Variables of the service's own, over the ones every test service gets. */
  env?: Record<string, string>;
  /** Buckets to create on a fresh test S3 (startTestS3); its `S3_*` variables go to the service. */
  buckets?: readonly string[];
  /** A fresh folder for the mailbox transport (`MAILBOX_DIR`), removed at close. */
  mailbox?: boolean;
  /** Boots without listening (no `gql`); the default listens on a free port. */
  listen?: boolean;
  /**
   * Where the keys of the service's tokens are, when something else signs them (identity signs
   * its own; an export test kit has its key set): no fake identity is started then.
   */
  jwksUrl?: string;
  /** Run at close, after the service closed (what the test started for it). */
  onClose?: () => Promise<unknown>;
  /** The gateway credential the service is configured with (a random one by default). */
  gatewaySecret?: string;
}

/** The source identity's events carry. */
const IDENTITY = 'jibs/identity';
/** The source billing's events carry. */
const BILLING = 'jibs/billing';

/** A caller of the service: a member or an admin with an access token. */
export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A loosely typed GraphQL response: tests read what they asked for. */
export interface GqlBody {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  errors?: { message: string; extensions: any }[];
}

/** Who calls: a user (or anything with a token), a bare token, or nobody (anonymous). */
export type Caller = { token: string | null } | string | null | undefined;

export interface MemberOptions {
  id?: string;
  firstName?: string;
  lastName?: string;
  /** The token's `email_verified` claim (absent when not given, as in older tokens). */
  emailVerified?: boolean;
  /** Delivers `user.registered` as identity would (at this time, if a date) and waits for it. */
  registered?: boolean | Date;
  /** Delivers `user.verified` (registration step 2) and waits for it. */
  verified?: boolean;
  /**
   * Delivers billing's `membership.registration_paid` (registration completed) and waits for
   * it: what `@RegisteredMember()` operations need of a member.
   */
  paid?: boolean;
}

/** Everything a started subgraph is made of (what `startSubgraph` hands a harness class). */
export interface SubgraphParts<C> {
  service: string;
  app: INestApplication;
  config: C;
  url: string;
  gatewaySecret: string;
  identity?: FakeIdentity;
  s3?: TestS3;
  mailbox?: string;
  cleanup: (() => Promise<unknown>)[];
}

/**
 * One service on test databases (its own and the bus's), the Postgres bus, and on demand s3rver
 * and a mailbox folder, called as the gateway calls it, with tokens signed by a fake identity.
 * Services' harnesses extend it with what is really their own.
 */
export class TestSubgraph<C = unknown> {
  readonly app: INestApplication;
  readonly config: C;
  /** `http://127.0.0.1:<port>` when listening, '' otherwise. */
  readonly url: string;
  readonly gatewaySecret: string;
  readonly dataSource: DataSource;
  readonly broker: EventBroker;
  private readonly parts: SubgraphParts<C>;

  constructor(parts: SubgraphParts<C>) {
    this.parts = parts;
    this.app = parts.app;
    this.config = parts.config;
    this.url = parts.url;
    this.gatewaySecret = parts.gatewaySecret;
    this.dataSource = parts.app.get(DataSource);
    this.broker = parts.app.get<EventBroker>(EVENT_BROKER);
  }

  /** Signs access tokens the service accepts (a local stand-in for identity's key set). */
  get identity(): FakeIdentity {
    return required(this.parts.identity, 'a fake identity (not with jwksUrl)');
  }

  get s3(): TestS3 {
    return required(this.parts.s3, 's3rver (start with buckets)');
  }

  /** The folder the mailbox transport writes to. */
  get mailbox(): string {
    return required(this.parts.mailbox, 'a mailbox (start with mailbox: true)');
  }

  /** The headers the gateway adds to every request (its credential, the client's address). */
  asGateway(clientAddress?: string): Record<string, string> {
    return gatewayHeaders(this.gatewaySecret, clientAddress);
  }

  /** A GraphQL request as the gateway forwards it, as `caller` (anonymous when omitted). */
  async gql(query: string, variables: object = {}, caller?: Caller): Promise<GqlBody> {
    return (await (await this.request(query, variables, caller)).json()) as GqlBody;
  }

  /** The same request's HTTP response (status, cookies); `headers` add to or replace its own. */
  request(
    query: string,
    variables: object = {},
    caller?: Caller,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    if (!this.url) throw new Error('a GraphQL request needs the subgraph started listening');
    const token = typeof caller === 'string' ? caller : caller?.token;
    return fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...this.asGateway(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
  }

  /** The data of a call that must succeed (its errors fail the test). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async ok(query: string, variables: object = {}, caller?: Caller): Promise<any> {
    const body = await this.gql(query, variables, caller);
    if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data;
  }

  /**
   * A member with a token (email `<id>@example.com`); with `registered`/`verified`, one the
   * service also knows from identity's events.
   */
  async aMember(options: MemberOptions = {}): Promise<TestUser> {
    return this.aUser('member', options);
  }

  async anAdmin(options: MemberOptions = {}): Promise<TestUser> {
    return this.aUser('admin', options);
  }

  private async aUser(role: 'member' | 'admin', options: MemberOptions): Promise<TestUser> {
    const id = options.id ?? randomUUID();
    const email = `${id}@example.com`;
    const { token } = await this.identity.token(role, id, {
      email,
      ...(options.emailVerified === undefined ? {} : { email_verified: options.emailVerified }),
    });
    if (options.registered) {
      const data = {
        userId: id,
        email,
        firstName: options.firstName ?? 'Yusuf',
        lastName: options.lastName ?? 'Ali',
        role,
      } as const;
      const time = options.registered instanceof Date ? options.registered : undefined;
      await this.deliverEvent('user.registered', data, { subject: id, time, source: IDENTITY });
    }
    if (options.verified) {
      const data = { userId: id, method: 'email' } as const;
      await this.deliverEvent('user.verified', data, { subject: id, source: IDENTITY });
    }
    if (options.paid) await this.registrationPaid(id);
    return { id, email, token };
  }

  /**
   * Delivers billing's `membership.registration_paid` for the user (registration completed)
   * and waits until the service applied it.
   */
  async registrationPaid(userId: string): Promise<void> {
    await this.deliverEvent(
      'membership.registration_paid',
      { userId },
      { subject: userId, source: BILLING },
    );
  }

  /** An event as another service would publish it (source `jibs/test` unless told). */
  envelope<T extends EventType>(
    type: T,
    data: EventData<T>,
    subject: string,
    options: { source?: string; time?: Date } = {},
  ): EventEnvelope<EventData<T>> {
    const envelope = buildEnvelope(type, data, { source: options.source ?? 'jibs/test', subject });
    if (options.time) envelope.time = options.time.toISOString();
    return envelope;
  }

  /** Publishes the envelopes on the bus (each `times` times, to test redelivery); no waiting. */
  publish(events: EventEnvelope[], times = 1): Promise<void> {
    return this.broker.publish(
      events.flatMap((event) =>
        Array.from({ length: times }, () => ({
          topic: event.type,
          key: event.subject ?? 'x',
          envelope: event,
        })),
      ),
    );
  }

  /**
   * Publishes one event and waits until every consumer group of the service that handles its
   * type has recorded it in the inbox (the handling commits in that same transaction).
   */
  async deliverEvent<T extends EventType>(
    type: T,
    data: EventData<T>,
    options: { subject: string; time?: Date; source?: string },
  ): Promise<EventEnvelope<EventData<T>>> {
    const envelope = this.envelope(type, data, options.subject, options);
    await this.publish([envelope]);
    await this.handled(envelope);
    return envelope;
  }

  /** Waits until every group handling the envelope's type has it in the inbox. */
  async handled(envelope: EventEnvelope): Promise<void> {
    const groups = this.groupsHandling(envelope.type);
    if (groups.length === 0) {
      throw new Error(`${this.parts.service} handles no ${envelope.type} event`);
    }
    await eventually(
      async () =>
        (await this.count('inbox', 'event_id = $1 AND consumer_group = ANY($2)', [
          envelope.id,
          groups,
        ])) === groups.length,
      { message: `${envelope.type} handled by ${groups.join(', ')}` },
    );
  }

  /** The consumer groups of the service's providers that handle events of this type. */
  groupsHandling(type: string): string[] {
    const groups = new Set<string>();
    for (const wrapper of this.app.get(DiscoveryService).getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      for (const declaration of eventHandlersOf(instance)) {
        if (declaration.kind !== 'after' && declaration.types.includes(type as EventType)) {
          groups.add(declaration.options.group);
        }
      }
    }
    return [...groups];
  }

  async count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    )) as { n: number }[];
    return row!.n;
  }

  /** The events the service wrote to its outbox on `topic` (and `key`), oldest first. */
  async outbox(
    topic: string,
    key?: string,
  ): Promise<{ envelope: { data: Record<string, unknown>; subject?: string } }[]> {
    return this.dataSource.query(
      `SELECT envelope FROM outbox WHERE topic = $1 AND ($2::text IS NULL OR key = $2) ORDER BY seq`,
      [topic, key ?? null],
    );
  }

  /** Closes the app, then removes what was started for it. */
  async close(): Promise<void> {
    await this.app.close();
    await Promise.all(this.parts.cleanup.map((step) => step()));
  }
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`this test subgraph was started without ${what}`);
  return value;
}

/**
 * Boots a service for an integration test: fresh databases, the fake identity's key set, the
 * gateway credential, and what `options` ask for. `Harness` is the service's own subclass.
 */
export async function startSubgraph<C, H extends TestSubgraph<C> = TestSubgraph<C>>(
  service: SubgraphUnderTest<C>,
  options: StartSubgraphOptions = {},
  Harness?: new (parts: SubgraphParts<C>) => H,
): Promise<H> {
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const [identity, s3, mailbox, ...databases] = await Promise.all([
      options.jwksUrl ? undefined : startFakeIdentity({ lifetime: '30m' }),
      options.buckets ? startTestS3(options.buckets) : undefined,
      options.mailbox ? mkdtemp(join(tmpdir(), `jibs-${service.name}-mailbox-`)) : undefined,
      createTestDatabase(service.name),
      createTestDatabase('eventlog'),
    ] as const);
    if (options.onClose) cleanup.push(options.onClose);
    if (identity) cleanup.push(() => identity.close());
    if (s3) cleanup.push(() => s3.stop());
    if (mailbox) cleanup.push(() => rm(mailbox, { recursive: true, force: true }));
    cleanup.push(...databases.map((db: TestDatabase) => () => db.drop()));
    const gatewaySecret = options.gatewaySecret ?? randomBytes(32).toString('hex');
    const config = service.loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0].url,
      EVENTLOG_DATABASE_URL: databases[1].url,
      GATEWAY_SECRET: gatewaySecret,
      JWKS_URL: options.jwksUrl ?? identity!.jwksUrl,
      ...(s3 ? Object.fromEntries(Object.entries(s3.env).map(([key, v]) => [key, String(v)])) : {}),
      ...(mailbox ? { MAIL_TRANSPORT: 'mailbox', MAILBOX_DIR: mailbox } : {}),
      ...options.env,
    } as NodeJS.ProcessEnv);
    const { app } = await service.createApp(config);
    let url = '';
    if (options.listen === false) {
      await app.init();
    } else {
      await app.listen(0, '127.0.0.1');
      url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    }
    const parts: SubgraphParts<C> = {
      service: service.name,
      app,
      config,
      url,
      gatewaySecret,
      identity,
      s3,
      mailbox,
      cleanup,
    };
    return Harness ? new Harness(parts) : (new TestSubgraph<C>(parts) as H);
  } catch (error) {
    await Promise.all(cleanup.map((step) => step().catch(() => undefined)));
    throw error;
  }
}

/**
 * For admin export tests: the service trusting an export test kit's key set and credential
 * (the kit's callers and `exportTable`), the kit closed with the service.
 */
export async function startWithExportKit<C, H extends TestSubgraph<C> = TestSubgraph<C>>(
  service: SubgraphUnderTest<C>,
  options: StartSubgraphOptions = {},
  Harness?: new (parts: SubgraphParts<C>) => H,
): Promise<{ kit: ExportTestKit; subgraph: H }> {
  const kit = await startExportTestKit();
  const subgraph = await startSubgraph(
    service,
    { ...options, jwksUrl: kit.jwksUrl, gatewaySecret: kit.gatewaySecret, onClose: kit.close },
    Harness,
  ).catch(async (error: unknown) => {
    await kit.close();
    throw error;
  });
  return { kit, subgraph };
}

/**
 * Starts a harness before the enclosing `describe`'s tests and closes it after them: the
 * returned function gives it to helpers declared at the top of the block.
 */
export function startedForTests<H extends { close(): Promise<void> }>(
  start: () => Promise<H>,
): () => H {
  let started: H | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  return () => {
    if (!started) throw new Error('the harness starts in beforeAll: use it inside a test or hook');
    return started;
  };
}
