import { randomUUID } from 'node:crypto';
import { EVENT_BROKER, type EventBroker, type EventEnvelope } from '@jibs/events';
import { gatewayHeaders, TEST_EVENTS_PATH } from '@jibs/subgraph';
import { eventually } from '@jibs/testing';
import { GATEWAY_SECRET, IdentityHarness } from './testing/identity-harness';

const aRegistration = (userId = randomUUID()) => ({
  type: 'user.registered',
  subject: userId,
  data: {
    userId,
    email: `amina.${userId.slice(0, 8)}@example.com`,
    firstName: 'Amina',
    lastName: 'Rahman',
    role: 'member',
  },
});

async function post(url: string, events: unknown[], headers = gatewayHeaders(GATEWAY_SECRET)) {
  const res = await fetch(`${url}${TEST_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ events }),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as unknown };
}

/**
 * Benchmarks and the bell's e2e have identity announce a member again through its own
 * EventPublisher (nothing outside identity writes its outbox); the route exists only in tests.
 */
describe('identity test events (POST /testing/events)', () => {
  describe('by default', () => {
    let identity: IdentityHarness;

    beforeAll(async () => {
      identity = await IdentityHarness.start();
    });

    afterAll(async () => {
      await identity?.close();
    });

    it('does not exist, and nothing is written', async () => {
      const before = await identity.count('outbox');
      const { status } = await post(identity.url, [aRegistration()]);
      expect(status).toBe(404);
      expect(await identity.count('outbox')).toBe(before);
    });
  });

  describe('with TEST_ROUTES=true', () => {
    let identity: IdentityHarness;

    beforeAll(async () => {
      identity = await IdentityHarness.start({ TEST_ROUTES: 'true' });
    });

    afterAll(async () => {
      await identity?.close();
    });

    it("publishes the events, in order, as identity's own, through the outbox, the relay and the bus", async () => {
      // One member's events (one key) keep their order on the bus.
      const first = aRegistration();
      const events = [first, { ...first, data: { ...first.data, firstName: 'Second' } }];
      const received: EventEnvelope[] = [];
      const subscription = await identity.app.get<EventBroker>(EVENT_BROKER).subscribe({
        group: `test-events-${randomUUID()}`,
        topics: ['user.registered'],
        handle: async (envelope) => {
          received.push(envelope);
        },
      });
      try {
        const { status, body } = await post(identity.url, events);
        expect(status).toBe(201);
        const { ids } = body as { ids: string[] };
        expect(ids).toHaveLength(2);
        const rows = await identity.dataSource.query(
          'SELECT topic, key, envelope FROM outbox WHERE id = ANY($1::uuid[]) ORDER BY seq',
          [ids],
        );
        expect(rows).toEqual(
          events.map((event, i) =>
            expect.objectContaining({
              topic: 'user.registered',
              key: event.subject,
              envelope: expect.objectContaining({
                id: ids[i],
                type: 'user.registered',
                source: 'jibs/identity',
                data: event.data,
              }),
            }),
          ),
        );
        const delivered = await eventually(
          async () => {
            const mine = received.filter((envelope) => ids.includes(envelope.id));
            return mine.length === 2 && mine;
          },
          { message: 'both events on the bus' },
        );
        expect(delivered.map((envelope) => envelope.data)).toEqual(events.map((e) => e.data));
      } finally {
        await subscription.stop();
      }
    });

    it('refuses an event identity does not offer, or data the catalog refuses; writes nothing', async () => {
      const before = await identity.count('outbox');
      const good = aRegistration();
      const wrongType = await post(identity.url, [
        good,
        { ...aRegistration(), type: 'payment.completed' },
      ]);
      expect(wrongType.status).toBe(400);
      const noUuid = await post(identity.url, [
        good,
        { ...good, data: { ...good.data, userId: 'not-a-uuid' } },
      ]);
      expect(noUuid.status).toBe(400);
      expect(noUuid.body).toMatchObject({ issues: [{ path: ['events', 1, 'data', 'userId'] }] });
      const noSubject = await post(identity.url, [{ ...good, subject: '' }]);
      expect(noSubject.status).toBe(400);
      const none = await post(identity.url, []);
      expect(none.status).toBe(400);
      expect(await identity.count('outbox')).toBe(before);
    });

    it('answers only the gateway credential, like every route but health', async () => {
      const before = await identity.count('outbox');
      const { status } = await post(identity.url, [aRegistration()], {});
      expect(status).toBe(403);
      expect(await identity.count('outbox')).toBe(before);
    });
  });
});
