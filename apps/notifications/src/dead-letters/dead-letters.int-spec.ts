import { randomUUID } from 'node:crypto';
import { DeadLetterMessages, Messages } from '@jibs/domain';
import { buildEnvelope } from '@jibs/events';
import { eventually } from '@jibs/testing';
import { startNotifications, type NotificationsHarness } from '../testing/notifications-harness';

/**
 * The Operations fields every subgraph gets from libs/subgraph, tried on notifications, whose
 * welcome consumer (a batch handler behind the inbox) is made to fail for one member by a fault
 * in its own test database (a trigger), so the event really goes through retries to the dead
 * letters; the fault is then removed and the dead letter replayed or discarded.
 */
describe('notifications operations and dead letters', () => {
  let h: NotificationsHarness;

  beforeAll(async () => {
    h = await startNotifications({ listen: true });
    await h.dataSource.query(`CREATE TABLE welcome_faults (user_id uuid PRIMARY KEY)`);
    await h.dataSource.query(
      `CREATE FUNCTION welcome_fault() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF EXISTS (SELECT 1 FROM welcome_faults WHERE user_id = NEW.user_id) THEN
           RAISE EXCEPTION 'welcome fault for %', NEW.user_id;
         END IF;
         RETURN NEW;
       END $$`,
    );
    await h.dataSource.query(
      `CREATE TRIGGER welcome_fault BEFORE INSERT ON notifications
       FOR EACH ROW EXECUTE FUNCTION welcome_fault()`,
    );
  });

  afterAll(() => h?.close());

  const OPERATIONS = `{ notificationsOperations {
    service ready version uptimeSeconds checks { name ok error }
    requests { total errors perMinute errorsPerMinute windowSeconds }
    events { handled failed deadLettered published handledPerMinute publishedPerMinute }
    consumerLag { group topic lag } outbox { backlog oldestAgeSeconds }
    deadLetters { id topic group error attempts deadLetteredAt eventId subject event }
  } }`;
  const REPLAY = `mutation($id: ID!) { notificationsReplayDeadLetter(id: $id) { deadLetterId action actor reason at } }`;
  const REPLAY_ALL = `mutation($topic: String) { notificationsReplayDeadLetters(topic: $topic) }`;
  const DISCARD = `mutation($id: ID!, $reason: String!) { notificationsDiscardDeadLetter(id: $id, reason: $reason) { deadLetterId action actor reason } }`;

  type Letter = {
    id: string;
    eventId: string;
    topic: string;
    group: string;
    attempts: number;
    error: string;
    event: string;
  };

  const deadLetters = async (token: string): Promise<Letter[]> =>
    (await h.ok(OPERATIONS, {}, token)).notificationsOperations.deadLetters;

  const welcomes = (userId: string) =>
    h.count('notifications', 'user_id = $1 AND title = $2', [userId, Messages.welcomeTitle]);

  const actions = () => h.count('dead_letter_actions');

  /** The audit events the service wrote about a dead letter. */
  const audited = async (id: string) =>
    (await h.outbox('audit.recorded'))
      .map(({ envelope }) => envelope.data)
      .filter((data) => data['subjectId'] === id);

  /** A sign-up whose welcome fails until its fault is removed; returns its dead letter. */
  async function failedWelcome(token: string) {
    const userId = randomUUID();
    await h.dataSource.query('INSERT INTO welcome_faults (user_id) VALUES ($1)', [userId]);
    const envelope = buildEnvelope(
      'user.registered',
      {
        userId,
        email: `${userId}@example.com`,
        firstName: 'Hafsa',
        lastName: 'Noor',
        role: 'member',
      },
      { source: 'jibs/identity', subject: userId },
    );
    await h.publish([envelope]);
    const letter = await eventually(
      async () => (await deadLetters(token)).find((candidate) => candidate.eventId === envelope.id),
      { timeoutMs: 30_000, intervalMs: 200, message: `the dead letter of ${envelope.id}` },
    );
    return { userId, envelope, letter };
  }

  const fix = (userId: string) =>
    h.dataSource.query('DELETE FROM welcome_faults WHERE user_id = $1', [userId]);

  it('answers only admins: a visitor is UNAUTHENTICATED, a member FORBIDDEN, on every field', async () => {
    const member = await h.aMember();
    const calls: Array<[string, object]> = [
      [OPERATIONS, {}],
      [REPLAY, { id: 'user.registered.dlq:0:0' }],
      [REPLAY_ALL, {}],
      [DISCARD, { id: 'user.registered.dlq:0:0', reason: 'no' }],
    ];
    for (const [query, variables] of calls) {
      const visitor = await h.gql(query, variables);
      expect(visitor.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      // Nothing revealed (the query field is nullable, so it is answered null).
      expect(Object.values(visitor.data ?? {}).every((value) => value === null)).toBe(true);
      const asMember = await h.gql(query, variables, member.token);
      expect(asMember.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(Object.values(asMember.data ?? {}).every((value) => value === null)).toBe(true);
    }
    expect(await actions()).toBe(0);
  });

  it("shows an admin the service's readiness, version, traffic, events, lag and outbox", async () => {
    const admin = await h.anAdmin();
    const { notificationsOperations: ops } = await h.ok(OPERATIONS, {}, admin.token);
    expect(ops).toMatchObject({
      service: 'notifications',
      ready: true,
      checks: [
        { name: 'database', ok: true, error: null },
        { name: 'broker', ok: true, error: null },
      ],
      outbox: { backlog: expect.any(Number), oldestAgeSeconds: expect.any(Number) },
    });
    expect(ops.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(ops.requests.total).toBeGreaterThan(0);
    expect(ops.requests.windowSeconds).toBeGreaterThanOrEqual(0);
    // Its welcome group has consumed, so the bus knows its lag (0 once caught up).
    await h.aMember({ registered: true });
    const { notificationsOperations: after } = await h.ok(OPERATIONS, {}, admin.token);
    expect(after.events.handled).toBeGreaterThan(0);
    expect(after.consumerLag).toContainEqual({
      group: 'notifications.welcome',
      topic: 'user.registered',
      lag: 0,
    });
  });

  it('lists a failed welcome with its event, error and attempts; replays it once (twice at once: one CONFLICT), audited', async () => {
    const admin = await h.anAdmin();
    const { userId, envelope, letter } = await failedWelcome(admin.token);
    expect(letter).toMatchObject({
      topic: 'user.registered',
      group: 'notifications.welcome',
      attempts: 5,
      error: expect.stringContaining('welcome fault'),
    });
    expect(JSON.parse(letter.event)).toMatchObject({ id: envelope.id, data: { userId } });
    expect(await welcomes(userId)).toBe(0);
    const { notificationsOperations: ops } = await h.ok(OPERATIONS, {}, admin.token);
    expect(ops.events.deadLettered).toBeGreaterThan(0);

    // Another member cannot replay it; an unknown id is NOT_FOUND; nothing changes.
    const member = await h.aMember();
    const refused = await h.gql(REPLAY, { id: letter.id }, member.token);
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const unknown = await h.gql(REPLAY, { id: 'user.registered.dlq:0:987654' }, admin.token);
    expect(unknown.errors?.[0]).toMatchObject({
      message: DeadLetterMessages.notFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await actions()).toBe(0);

    await fix(userId);
    const [first, second] = await Promise.all([
      h.gql(REPLAY, { id: letter.id }, admin.token),
      h.gql(REPLAY, { id: letter.id }, admin.token),
    ]);
    const results = [first, second];
    const ok = results.filter((body) => !body.errors);
    const conflict = results.filter((body) => body.errors?.[0]?.extensions.code === 'CONFLICT');
    expect(ok).toHaveLength(1);
    expect(conflict).toHaveLength(1);
    expect(conflict[0]!.errors![0]!.message).toBe(DeadLetterMessages.alreadyHandled);
    expect(ok[0]!.data.notificationsReplayDeadLetter).toMatchObject({
      deadLetterId: letter.id,
      action: 'replayed',
      actor: admin.id,
      reason: null,
    });
    await eventually(async () => (await welcomes(userId)) === 1, {
      timeoutMs: 20_000,
      message: 'the replayed welcome',
    });
    expect((await deadLetters(admin.token)).map((l) => l.id)).not.toContain(letter.id);
    // The audit trail has it: audit.recorded in the same transaction, by the admin.
    expect(await audited(letter.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'dead_letter.replayed',
        subjectType: 'dead_letter',
        subjectId: letter.id,
      }),
    ]);
    expect(await welcomes(userId)).toBe(1);
  });

  it('discards with a reason only (an empty one is refused with the message, nothing written), audited', async () => {
    const admin = await h.anAdmin();
    const { userId, letter } = await failedWelcome(admin.token);
    const before = await actions();
    const empty = await h.gql(DISCARD, { id: letter.id, reason: '   ' }, admin.token);
    expect(empty.errors?.[0]).toMatchObject({
      message: DeadLetterMessages.reasonRequired,
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { reason: DeadLetterMessages.reasonRequired },
      },
    });
    const member = await h.aMember();
    const asMember = await h.gql(DISCARD, { id: letter.id, reason: 'mine' }, member.token);
    expect(asMember.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await actions()).toBe(before);
    expect((await deadLetters(admin.token)).map((l) => l.id)).toContain(letter.id);

    const { notificationsDiscardDeadLetter: done } = await h.ok(
      DISCARD,
      { id: letter.id, reason: 'a test account' },
      admin.token,
    );
    expect(done).toMatchObject({ action: 'discarded', actor: admin.id, reason: 'a test account' });
    expect((await deadLetters(admin.token)).map((l) => l.id)).not.toContain(letter.id);
    const again = await h.gql(REPLAY, { id: letter.id }, admin.token);
    expect(again.errors?.[0]?.extensions.code).toBe('CONFLICT');
    expect(await audited(letter.id)).toEqual([
      expect.objectContaining({
        action: 'dead_letter.discarded',
        after: { action: 'discarded', reason: 'a test account' },
      }),
    ]);
    await fix(userId);
    expect(await welcomes(userId)).toBe(0);
  });

  it('replays all of a topic once: each welcomed once, none left', async () => {
    const admin = await h.anAdmin();
    const failed = [await failedWelcome(admin.token), await failedWelcome(admin.token)];
    for (const { userId } of failed) await fix(userId);
    const none = await h.ok(REPLAY_ALL, { topic: 'user.verified' }, admin.token);
    expect(none.notificationsReplayDeadLetters).toBe(0);
    const all = await h.ok(REPLAY_ALL, { topic: 'user.registered' }, admin.token);
    expect(all.notificationsReplayDeadLetters).toBe(2);
    expect((await h.ok(REPLAY_ALL, {}, admin.token)).notificationsReplayDeadLetters).toBe(0);
    for (const { userId } of failed)
      await eventually(async () => (await welcomes(userId)) === 1, {
        timeoutMs: 20_000,
        message: `the welcome of ${userId}`,
      });
    expect(await deadLetters(admin.token)).toEqual([]);
  });
});
