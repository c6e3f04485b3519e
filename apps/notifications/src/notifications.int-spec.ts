import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createClient } from 'graphql-ws';
import { DataSource } from 'typeorm';
import { listFieldDecisions, listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import { buildEnvelope, EventPublisher, type EventBroker } from '@jibs/events';
import {
  DATE_TIME_REFUSAL,
  gatewayHeaders,
  metricsUrlOf,
  webSocketWithHeaders,
} from '@jibs/subgraph';
import { ErrorCode, Messages } from '@jibs/domain';
import { LOGGER, type Logger } from '@jibs/observability';
import { eventually } from '@jibs/testing';
import { startNotifications, type NotificationsHarness } from './testing/notifications-harness';

/** Tests call notifications as the gateway does, with its credential. */
const GATEWAY_SECRET = randomBytes(32).toString('hex');
const AsGateway = webSocketWithHeaders(gatewayHeaders(GATEWAY_SECRET));

describe('notifications service', () => {
  let h: NotificationsHarness;
  let app: INestApplication;
  /** host:port, for HTTP and the subscription socket alike. */
  let url: string;
  let dataSource: DataSource;
  let broker: EventBroker;

  beforeAll(async () => {
    h = await startNotifications({ gatewaySecret: GATEWAY_SECRET, listen: true });
    ({ app, dataSource, broker } = h);
    url = new URL(h.url).host;
  });

  afterAll(() => h?.close());

  const tokenFor = async (userId: string) => (await h.aMember({ id: userId })).token;
  const gql = (query: string, token?: string, variables?: object) => h.gql(query, variables, token);

  const registered = (userId: string, firstName = 'Maryam') =>
    buildEnvelope(
      'user.registered',
      { userId, email: `${userId}@example.com`, firstName, lastName: 'Khan', role: 'member' },
      { source: 'jibs/identity', subject: userId },
    );

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(dataSource)).toEqual([]);
  });

  it('decides who may read every field and entity reference', () => {
    // None yet; a new one without a decision fails here.
    expect(listFieldDecisions(app).filter((entry) => !entry.decision)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    expect(listOperationDecisions(app).filter((entry) => !entry.decision)).toEqual([]);
  });

  it('welcomes a new member once, however often the event is delivered', async () => {
    const userId = randomUUID();
    const sentinelUser = randomUUID();
    const envelope = registered(userId);
    // Same key, so the sentinel is handled after both copies (order per key).
    const sentinel = buildEnvelope(
      'user.registered',
      {
        userId: sentinelUser,
        email: 's@example.com',
        firstName: 'Sentinel',
        lastName: 'X',
        role: 'member',
      },
      { source: 'jibs/identity', subject: userId },
    );
    await broker.publish([
      { topic: 'user.registered', key: userId, envelope },
      { topic: 'user.registered', key: userId, envelope },
      { topic: 'user.registered', key: userId, envelope: sentinel },
    ]);
    await eventually(
      async () =>
        (await gql('{ notifications { id } }', await tokenFor(sentinelUser))).data?.notifications
          .length,
    );
    const result = await gql(
      '{ notifications { title message type read } unreadNotificationCount }',
      await tokenFor(userId),
    );
    expect(result.data.notifications).toEqual([
      {
        title: 'Welcome to JIBS',
        message:
          'Welcome, Maryam. Your account has been created. Continue your registration to add your household and pay the registration fee.',
        type: 'SUCCESS',
        read: false,
      },
    ]);
    expect(result.data.unreadNotificationCount).toBe(1);
  });

  it("exports the event bus's metrics on its metrics port's /metrics", async () => {
    const userId = randomUUID();
    await broker.publish([{ topic: 'user.registered', key: userId, envelope: registered(userId) }]);
    // A welcome publishes nothing (the bell is pushed from the storing transaction): the relay's
    // count is shown with an event of the service's own publisher.
    await dataSource.transaction((manager) =>
      app
        .get(EventPublisher)
        .publish(
          manager,
          'diagnostics.ping',
          { sentAt: new Date().toISOString() },
          { subject: 'diagnostics' },
        ),
    );
    const metricsUrl = await metricsUrlOf(app);
    const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
    // Lag is reported with the consumers' heartbeat; handled counts once the welcome is stored,
    // published once the relay has moved the ping from the outbox to the bus.
    const published = /^events_published_total\{[^}]*topic="diagnostics\.ping"[^}]*\} [1-9]/m;
    await eventually(async () => {
      const body = await scrape();
      return (
        /^events_consumer_lag\{[^}]*group="notifications\.welcome"[^}]*\} 0$/m.test(body) &&
        /^events_handled_total\{[^}]*group="notifications\.welcome"[^}]*outcome="success"[^}]*\} [1-9]/m.test(
          body,
        ) &&
        published.test(body)
      );
    });
    const body = await scrape();
    expect(body).toMatch(/^events_outbox_backlog(\{[^}]*\})? \d+$/m);
    expect(body).toMatch(published);
    expect(body).toMatch(/^events_delivery_seconds_count\{[^}]*group="notifications\.welcome"/m);
    expect(body).toContain('# TYPE events_dead_letters_total counter');
  });

  it("reports unsent receipts and the oldest one's age on /metrics, read at each scrape", async () => {
    const metricsUrl = await metricsUrlOf(app);
    const reading = async () => {
      const body = await (await fetch(`${metricsUrl}/metrics`)).text();
      const value = (name: string) =>
        Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(body)?.[1] ?? NaN);
      return {
        unsent: value('notifications_receipts_unsent'),
        oldest: value('notifications_receipts_unsent_oldest_seconds'),
      };
    };
    const before = await reading();
    expect(before.unsent).toBeGreaterThanOrEqual(0);
    const paymentId = randomUUID();
    // A receipt waiting an hour (its member's address unknown, or the relay refusing).
    await dataSource.query(
      `INSERT INTO receipts (payment_id, user_id, amount, currency, payment_type, paid_at, created_at)
       VALUES ($1, $2, 2500, 'usd', 'dues', now(), now() - interval '1 hour')`,
      [paymentId, randomUUID()],
    );
    const waiting = await reading();
    expect(waiting.unsent).toBe(before.unsent + 1);
    expect(waiting.oldest).toBeGreaterThanOrEqual(3600);
    await dataSource.query('UPDATE receipts SET sent_at = now() WHERE payment_id = $1', [
      paymentId,
    ]);
    expect((await reading()).unsent).toBe(before.unsent);
  });

  it('lets a member mark only their own notifications read', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await broker.publish(
      [alice, bob].map((id) => ({ topic: 'user.registered', key: id, envelope: registered(id) })),
    );
    const [aliceToken, bobToken] = await Promise.all([tokenFor(alice), tokenFor(bob)]);
    const aliceIds = await eventually(async () => {
      const result = await gql('{ notifications { id } }', aliceToken);
      return result.data?.notifications.length
        ? result.data.notifications.map((n: { id: string }) => n.id)
        : undefined;
    });
    const bobMarks = await gql(
      'mutation($ids: [ID!]) { markNotificationsRead(ids: $ids) }',
      bobToken,
      { ids: aliceIds },
    );
    expect(bobMarks.data.markNotificationsRead).toBe(0);
    expect(
      (await gql('{ unreadNotificationCount }', aliceToken)).data.unreadNotificationCount,
    ).toBe(1);
    const aliceMarks = await gql('mutation { markNotificationsRead }', aliceToken);
    expect(aliceMarks.data.markNotificationsRead).toBe(1);
    expect(
      (await gql('{ unreadNotificationCount }', aliceToken)).data.unreadNotificationCount,
    ).toBe(0);
  });

  it('refuses bad ids and anonymous callers', async () => {
    const token = await tokenFor(randomUUID());
    const bad = await gql(
      'mutation { markNotificationsRead(ids: ["1; DROP TABLE notifications"]) }',
      token,
    );
    expect(bad.errors?.[0]).toMatchObject({
      message: 'Each notification id must be a valid id',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    for (const query of [
      '{ notifications { id } }',
      '{ unreadNotificationCount }',
      'mutation { markNotificationsRead }',
    ]) {
      expect((await gql(query)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it("streams each member's new notifications to that member only", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    const received: Record<string, string[]> = { alice: [], bob: [] };
    const clients = await Promise.all(
      [
        ['alice', alice],
        ['bob', bob],
      ].map(async ([name, id]) => {
        const client = createClient({
          url: `ws://${url}/graphql`,
          webSocketImpl: AsGateway,
          connectionParams: { authorization: `Bearer ${await tokenFor(id!)}` },
        });
        client.subscribe(
          { query: 'subscription { notificationAdded { message } }' },
          {
            next: (value) => received[name!]!.push((value.data as any).notificationAdded.message),
            error: () => undefined,
            complete: () => undefined,
          },
        );
        return client;
      }),
    );
    // Subscriptions are live once a probe event for each reaches them.
    await eventually(
      async () => {
        await broker.publish([
          { topic: 'user.registered', key: alice, envelope: registered(alice, 'Probe') },
        ]);
        return received['alice']!.length > 0;
      },
      { intervalMs: 500 },
    );
    await broker.publish([
      { topic: 'user.registered', key: alice, envelope: registered(alice, 'Aisha') },
    ]);
    await eventually(async () => received['alice']!.some((message) => message.includes('Aisha')));
    expect(received['bob']).toEqual([]);
    await Promise.all(clients.map((client) => client.dispose()));
  });

  it('replays what was created since a given time when a subscription starts', async () => {
    const member = randomUUID();
    await broker.publish([
      { topic: 'user.registered', key: member, envelope: registered(member, 'Early') },
    ]);
    const token = await tokenFor(member);
    await eventually(
      async () => (await gql('{ notifications { id } }', token)).data?.notifications.length,
    );
    const client = createClient({
      url: `ws://${url}/graphql`,
      webSocketImpl: AsGateway,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    const first = await new Promise<string>((resolve, reject) => {
      client.subscribe(
        {
          query: 'subscription($since: DateTime) { notificationAdded(since: $since) { message } }',
          variables: { since: new Date(Date.now() - 60_000).toISOString() },
        },
        {
          next: (value) => resolve((value.data as any).notificationAdded.message),
          error: reject,
          complete: () => undefined,
        },
      );
    });
    expect(first).toContain('Welcome, Early.');
    await client.dispose();
  });

  /** The errors of the first answer on a subscription socket, whether `next` or `error`. */
  async function socketErrors(
    query: string,
    variables: Record<string, unknown>,
  ): Promise<readonly { message: string; extensions?: unknown }[]> {
    const client = createClient({
      url: `ws://${url}/graphql`,
      webSocketImpl: AsGateway,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${await tokenFor(randomUUID())}` },
    });
    try {
      return await new Promise((resolve) => {
        client.subscribe(
          { query, variables },
          {
            next: (value) => resolve(value.errors ?? []),
            error: (errors) => resolve(errors as never),
            complete: () => resolve([]),
          },
        );
      });
    } finally {
      await client.dispose();
    }
  }

  it("answers a subscription's invalid document with its message and the caller's error code", async () => {
    expect(await socketErrors('subscription { notificationAdded { nope } }', {})).toEqual([
      {
        message: expect.stringContaining('Cannot query field "nope" on type "Notification".'),
        locations: expect.any(Array),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]);
  });

  it('refuses a DateTime argument that is not one as bad input, before anything runs', async () => {
    const errors = await socketErrors(
      'subscription($since: DateTime) { notificationAdded(since: $since) { id } }',
      { since: 'soon' },
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain(DATE_TIME_REFUSAL);
    expect(errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('masks a failure while a subscription runs, and logs it as a JSON error line', async () => {
    const logger = app.get<Logger>(LOGGER);
    const error = jest.spyOn(logger, 'error');
    // The replay of what was missed cannot read its table: a failure of the running subscription.
    await dataSource.query('ALTER TABLE notifications RENAME TO notifications_away');
    try {
      const errors = await socketErrors(
        'subscription($since: DateTime) { notificationAdded(since: $since) { id } }',
        { since: new Date().toISOString() },
      );
      expect(errors).toEqual([
        { message: Messages.unexpected, extensions: { code: ErrorCode.Internal } },
      ]);
      expect(error.mock.calls.map(([, message]) => message)).toEqual([
        'unexpected error in a GraphQL operation',
      ]);
    } finally {
      await dataSource.query('ALTER TABLE notifications_away RENAME TO notifications');
      error.mockRestore();
    }
  });

  it('answers nobody but the gateway: HTTP 403 and no WebSocket handshake without its secret', async () => {
    const token = await tokenFor(randomUUID());
    const res = await fetch(`http://${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ notifications { id } }' }),
    });
    expect(res.status).toBe(403);
    const status = await new Promise<number>((resolve) => {
      const socket = new (webSocketWithHeaders({}))(`ws://${url}/graphql`, 'graphql-transport-ws');
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(403);
    expect((await fetch(`http://${url}/health/live`)).status).toBe(200);
  });

  it('refuses a subscription without a valid token', async () => {
    const client = createClient({
      url: `ws://${url}/graphql`,
      webSocketImpl: AsGateway,
      retryAttempts: 0,
      connectionParams: {},
    });
    const outcome = await new Promise<string>((resolve) => {
      client.subscribe(
        { query: 'subscription { notificationAdded { id } }' },
        {
          next: () => resolve('data'),
          error: () => resolve('refused'),
          complete: () => resolve('complete'),
        },
      );
    });
    expect(outcome).toBe('refused');
    await client.dispose();
  });
});
