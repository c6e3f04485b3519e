import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  buildEnvelope,
  EVENT_BROKER,
  type EventBroker,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@jibs/events';
import { gatewayHeaders } from '@jibs/subgraph';
import {
  createTestDatabase,
  eventually,
  startFakeIdentity,
  type FakeIdentity,
  type TestDatabase,
} from '@jibs/testing';
import { createNotificationsApp } from '../notifications-app';
import { loadNotificationsConfig } from '../notifications.config';

/** Only for integration tests: notifications on test databases, a mailbox folder and the bus. */
export interface NotificationsHarness {
  app: INestApplication;
  dataSource: DataSource;
  broker: EventBroker;
  /** The folder the mail transport writes to. */
  mailbox: string;
  /** The service's HTTP address, when started with `listen`. */
  url?: string;
  /** Signs access tokens the service accepts (a local stand-in for identity's key set). */
  identity: FakeIdentity;
  /** A GraphQL request to the service as the gateway sends it (needs `listen`). */
  gql(
    query: string,
    variables?: object,
    token?: string,
    // Tests read loosely typed GraphQL responses.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ data?: any; errors?: { message: string; extensions: any }[] }>;
  envelope<T extends EventType>(
    type: T,
    data: EventData<T>,
    subject: string,
  ): EventEnvelope<EventData<T>>;
  /** Publishes the envelopes on the bus (each `times` times, to test redelivery). */
  publish(events: EventEnvelope[], times?: number): Promise<void>;
  /** Tells notifications about a member (`user.registered`) and waits until it knows them. */
  registerMember(userId: string, firstName?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startNotifications(
  options: { gatewaySecret?: string; listen?: boolean } = {},
): Promise<NotificationsHarness> {
  const mailbox = await mkdtemp(join(tmpdir(), 'jibs-notifications-'));
  const identity = await startFakeIdentity();
  const gatewaySecret = options.gatewaySecret ?? 'g'.repeat(32);
  const databases: TestDatabase[] = await Promise.all([
    createTestDatabase('notifications'),
    createTestDatabase('eventlog'),
  ]);
  const config = loadNotificationsConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databases[0]!.url,
    EVENTLOG_DATABASE_URL: databases[1]!.url,
    JWKS_URL: identity.jwksUrl,
    GATEWAY_SECRET: gatewaySecret,
    MAIL_TRANSPORT: 'mailbox',
    MAILBOX_DIR: mailbox,
  });
  const { app } = await createNotificationsApp(config);
  let url: string | undefined;
  if (options.listen) {
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  } else {
    await app.init();
  }
  const dataSource = app.get(DataSource);
  const broker = app.get<EventBroker>(EVENT_BROKER);

  const envelope = <T extends EventType>(type: T, data: EventData<T>, subject: string) =>
    buildEnvelope(type, data, { source: 'jibs/test', subject });
  const publish = (events: EventEnvelope[], times = 1) =>
    broker.publish(
      events.flatMap((event) =>
        Array.from({ length: times }, () => ({
          topic: event.type,
          key: event.subject ?? 'x',
          envelope: event,
        })),
      ),
    );

  return {
    app,
    dataSource,
    broker,
    mailbox,
    url,
    identity,
    async gql(query, variables = {}, token) {
      if (!url) throw new Error('gql() needs the harness started with listen: true');
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...gatewayHeaders(gatewaySecret),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    envelope,
    publish,
    async registerMember(userId, firstName = 'Amina') {
      await publish([
        envelope(
          'user.registered',
          { userId, email: `${userId}@example.com`, firstName, lastName: 'Rahman', role: 'member' },
          userId,
        ),
      ]);
      await eventually(
        async () =>
          (await dataSource.query('SELECT 1 FROM recipients WHERE user_id = $1', [userId]))
            .length === 1,
        { message: 'member known' },
      );
    },
    async close() {
      await app.close();
      await identity.close();
      await Promise.all(databases.map((db) => db.drop()));
      await rm(mailbox, { recursive: true, force: true });
    },
  };
}
