import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
// The sample receiver under examples/ is what the test sends to: not a library of the service.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createWebhookConsumer } from 'jibs-webhook-consumer';
import { WebhookMessages } from '@jibs/domain';
import type { EventEnvelope } from '@jibs/events';
import { eventually, startedForTests, startSubgraph } from '@jibs/testing';
import { notificationsService } from '../notifications.module';
import { NotificationsHarness } from '../testing/notifications-harness';
import { webhookRetryDelayMs } from './webhooks.service';

/** A receiver built on the sample consumer, recording what reached it and what it handled. */
class Receiver {
  readonly received: { headers: IncomingHttpHeaders; body: string }[] = [];
  readonly handled: EventEnvelope[] = [];
  /** Answers the next n requests with 503 before the consumer sees them. */
  failNext = 0;
  private server!: Server;
  url = '';

  async start(secret: () => string): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        if (this.failNext > 0) {
          this.failNext--;
          response.writeHead(503).end();
          return;
        }
        const consumer = createWebhookConsumer({
          secret: secret(),
          seen: this.seen,
          handle: async (event) => void this.handled.push(event as EventEnvelope),
        });
        // Replays the recorded request into the sample consumer.
        const replay = Object.assign(Readable.from([Buffer.concat(chunks)]), {
          method: request.method,
          headers: request.headers,
        });
        void consumer(replay as never, response);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/jibs`;
  }

  private readonly ids = new Set<string>();
  private readonly seen = {
    has: async (id: string) => this.ids.has(id),
    add: async (id: string) => void this.ids.add(id),
  };

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const CREATE = `mutation ($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { secret endpoint { id url eventTypes active } }
}`;
const DELIVERIES = `query ($endpointId: ID) {
  webhookDeliveries(endpointId: $endpointId) { id eventId eventType status attempts lastStatusCode lastError }
}`;
const REPLAY = `mutation ($id: ID!) { replayWebhookDelivery(id: $id) { id status } }`;

describe('outgoing webhooks', () => {
  const h = startedForTests(() =>
    startSubgraph(
      notificationsService,
      { mailbox: true, env: { WEBHOOK_RETRY_BASE_MS: '50' } },
      NotificationsHarness,
    ),
  );
  const receiver = new Receiver();
  let secret = '';
  let endpointId = '';
  let admin: string;

  beforeAll(async () => {
    await receiver.start(() => secret);
    admin = (await h().anAdmin()).token;
    const created = await h().ok(
      CREATE,
      { input: { url: receiver.url, eventTypes: ['payment.completed', 'report.reviewed'] } },
      admin,
    );
    secret = created.createWebhookEndpoint.secret;
    endpointId = created.createWebhookEndpoint.endpoint.id;
  });
  afterAll(() => receiver.stop());

  function paymentData(userId = randomUUID()) {
    return {
      paymentId: randomUUID(),
      userId,
      amount: 2_500,
      currency: 'usd',
      type: 'membership' as const,
      description: null,
      providerPaymentId: null,
    };
  }

  /** A completed payment, delivered and handled by every group of the service. */
  function payment() {
    const data = paymentData();
    return h().deliverEvent('payment.completed', data, {
      subject: data.userId,
      source: 'jibs/billing',
    });
  }

  async function deliveries() {
    return (await h().ok(DELIVERIES, { endpointId }, admin)).webhookDeliveries as {
      id: string;
      eventId: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
    }[];
  }

  it('registers an endpoint with a one-time Standard Webhooks secret, kept out of the audit trail', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const audit = await h().dataSource.query(
      `SELECT action, after FROM audit_entries WHERE subject_id = $1`,
      [endpointId],
    );
    expect(audit).toEqual([
      {
        action: 'webhook.endpoint_created',
        after: {
          url: receiver.url,
          eventTypes: ['payment.completed', 'report.reviewed'],
          active: true,
        },
      },
    ]);
    expect(
      JSON.stringify(await h().ok(`{ webhookEndpoints { id url } }`, {}, admin)),
    ).not.toContain('whsec_');
  });

  it('sends a subscribed event once, signed, with its envelope as the body, however often it is redelivered', async () => {
    const data = paymentData();
    const event = h().envelope('payment.completed', data, data.userId, { source: 'jibs/billing' });
    await h().publish([event], 3);
    await h().handled(event);
    await eventually(async () => receiver.handled.some((handled) => handled.id === event.id));
    const copies = receiver.received.filter(
      (request) => request.headers['webhook-id'] === event.id,
    );
    expect(copies).toHaveLength(1);
    expect(JSON.parse(copies[0].body)).toEqual(JSON.parse(JSON.stringify(event)));
    expect(copies[0].headers['webhook-signature']).toMatch(/^v1,/);
    expect(copies[0].headers['content-type']).toBe('application/cloudevents+json');
    expect((await deliveries()).filter((delivery) => delivery.eventId === event.id)).toMatchObject([
      { status: 'DELIVERED', attempts: 1, lastStatusCode: 200 },
    ]);
  });

  it('sends nothing for events the endpoint did not choose, nor to a paused endpoint', async () => {
    const reviewed = h().envelope(
      'report.submitted',
      { reportId: randomUUID(), userId: randomUUID(), relationship: 'Father' },
      randomUUID(),
    );
    await h().publish([reviewed]);
    await h().handled(reviewed);
    await h().ok(
      `mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { active: false }) { active } }`,
      { id: endpointId },
      admin,
    );
    const paused = await payment();
    await h().ok(
      `mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { active: true }) { active } }`,
      { id: endpointId },
      admin,
    );
    expect(await h().count('webhook_deliveries', 'event_type = $1', ['report.submitted'])).toBe(0);
    expect(await h().count('webhook_deliveries', 'event_id = $1', [paused.id])).toBe(0);
  });

  it('retries a failing endpoint with backoff until it answers 2xx', async () => {
    receiver.failNext = 2;
    const event = await payment();
    await eventually(async () => receiver.handled.some((handled) => handled.id === event.id));
    const [delivery] = (await deliveries()).filter((row) => row.eventId === event.id);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 3, lastStatusCode: 200 });
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === event.id)).toHaveLength(3);
    expect(webhookRetryDelayMs(1, 30_000)).toBe(30_000);
    expect(webhookRetryDelayMs(4, 30_000)).toBe(240_000);
    expect(webhookRetryDelayMs(20, 30_000)).toBe(6 * 60 * 60 * 1000);
  });

  it('marks a delivery failed after its last try, and a replay delivers it once', async () => {
    receiver.failNext = 8;
    const event = await payment();
    await eventually(
      async () => (await deliveries()).find((row) => row.eventId === event.id)?.status === 'FAILED',
      { timeoutMs: 30_000 },
    );
    const [failed] = (await deliveries()).filter((row) => row.eventId === event.id);
    expect(failed).toMatchObject({ attempts: 8, lastStatusCode: 503 });
    expect(receiver.handled.some((handled) => handled.id === event.id)).toBe(false);

    await h().ok(REPLAY, { id: failed.id }, admin);
    await eventually(async () => receiver.handled.some((handled) => handled.id === event.id));
    // Replaying a delivered one again reaches the receiver, which drops the duplicate id.
    await h().ok(REPLAY, { id: failed.id }, admin);
    await eventually(
      async () =>
        receiver.received.filter((r) => r.headers['webhook-id'] === event.id).length === 10,
    );
    await eventually(
      async () => (await deliveries()).find((row) => row.id === failed.id)?.status === 'DELIVERED',
    );
    expect(receiver.handled.filter((handled) => handled.id === event.id)).toHaveLength(1);
    const audit = await h().count(
      'audit_entries',
      `action = 'webhook.delivery_replayed' AND subject_id = $1`,
      [failed.id],
    );
    expect(audit).toBe(2);
  });

  it('the sample consumer refuses a tampered or unsigned delivery', async () => {
    const [signed] = receiver.received;
    const tampered = signed.body.replace('"amount":2500', '"amount":999999');
    expect(tampered).not.toBe(signed.body);
    const headers = {
      'webhook-id': String(signed.headers['webhook-id']),
      'webhook-timestamp': String(signed.headers['webhook-timestamp']),
      'webhook-signature': String(signed.headers['webhook-signature']),
    };
    const post = (body: string, sent: Record<string, string>) =>
      fetch(receiver.url, { method: 'POST', body, headers: sent });
    receiver.failNext = 0;
    const before = receiver.handled.length;
    expect((await post(tampered, headers)).status).toBe(401);
    expect((await post(signed.body, { ...headers, 'webhook-signature': 'v1,AAAA' })).status).toBe(
      401,
    );
    expect((await post(signed.body, {})).status).toBe(401);
    expect(receiver.handled).toHaveLength(before);
  });

  it.each([
    [{ url: '', eventTypes: ['payment.completed'] }, WebhookMessages.urlRequired],
    [{ url: 'not a url', eventTypes: ['payment.completed'] }, WebhookMessages.urlInvalid],
    [
      { url: 'https://a:b@example.org/x', eventTypes: ['payment.completed'] },
      WebhookMessages.credentialsInUrl,
    ],
    [{ url: 'https://example.org/x', eventTypes: [] }, WebhookMessages.eventTypesRequired],
    [
      { url: 'https://example.org/x', eventTypes: ['user.registered'] },
      WebhookMessages.unknownEventType('user.registered'),
    ],
  ])('refuses %j with a specific message and stores nothing', async (input, message) => {
    const before = await h().count('webhook_endpoints');
    const body = await h().gql(CREATE, { input }, admin);
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await h().count('webhook_endpoints')).toBe(before);
  });

  it('is for admins only', async () => {
    const member = (await h().aMember()).token;
    const unknown = randomUUID();
    for (const [query, variables] of [
      [`{ webhookEndpoints { id } }`, {}],
      [DELIVERIES, { endpointId }],
      [`{ webhookEventTypes }`, {}],
      [CREATE, { input: { url: receiver.url, eventTypes: ['payment.completed'] } }],
      [REPLAY, { id: unknown }],
      [`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id: endpointId }],
    ] as const) {
      const asMember = await h().gql(query, variables, member);
      expect(asMember.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const anonymous = await h().gql(query, variables);
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const missing = await h().gql(REPLAY, { id: unknown }, admin);
    expect(missing.errors?.[0]).toMatchObject({
      message: WebhookMessages.deliveryNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await h().count('webhook_endpoints')).toBe(1);
  });
});
