import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { Client } from 'pg';
import { Messages } from '@jibs/domain';
import type { PublishRequest } from '@jibs/events';
import { publishTestEvents, ServiceProcess, type LocalStack } from '@jibs/stack';
import { freeLocalPort } from '@jibs/config';
import { eventually } from '@jibs/testing';
import { startE2eStack } from './support/e2e-stack';

/**
 * Faults under the whole stack on a real Apache Kafka broker (always: this file is about
 * Kafka), judged by their effects: the rows in the notifications database. Identity publishes
 * `user.registered` through its real outbox and relay (its test route); notifications' welcome
 * consumer (a batch handler behind the inbox) writes one welcome per member.
 */
const WELCOME_GROUP = 'notifications.welcome';
const TOPIC = 'user.registered';
const wait = <T>(probe: () => Promise<T | undefined | null | false>, message: string) =>
  eventually(probe, { timeoutMs: 150_000, intervalMs: 200, message });

describe('faults on Kafka under the whole stack', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let notificationsDb: Client;
  let identityDb: Client;
  let admin: Admin;
  const extra: ServiceProcess[] = [];
  // A test that failed midway leaves its sign-ups running: they end with it.
  const streams: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    ({ stack, stop, logs } = await startE2eStack({ eventBus: 'kafka' }));
    notificationsDb = new Client({ connectionString: stack.databaseUrl('notifications') });
    identityDb = new Client({ connectionString: stack.databaseUrl('identity') });
    await Promise.all([notificationsDb.connect(), identityDb.connect()]);
    admin = new Kafka({
      brokers: stack.kafka!.brokers,
      clientId: 'e2e-faults',
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
  }, 240_000);

  afterEach(async () => {
    await Promise.all(streams.splice(0).map((end) => end().catch(() => undefined)));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(extra.map((service) => service.stop()));
    await admin?.disconnect().catch(() => undefined);
    await notificationsDb?.end().catch(() => undefined);
    await identityDb?.end().catch(() => undefined);
    await stop?.();
  }, 120_000);

  const registered = (userId: string): PublishRequest => ({
    type: 'user.registered',
    subject: userId,
    data: {
      userId,
      email: `${userId}@example.com`,
      firstName: 'Amina',
      lastName: 'Yusuf',
      role: 'member',
    },
  });

  /** Identity publishes sign-ups, `size` per transaction, until stopped; returns the members. */
  function signUps(size = 10) {
    const users: string[] = [];
    let running = true;
    const done = (async () => {
      while (running) {
        const batch = Array.from({ length: size }, () => randomUUID());
        await publishTestEvents(stack.service('identity'), batch.map(registered));
        users.push(...batch);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const stop = async () => {
      running = false;
      await done;
      return users;
    };
    // Never an unhandled rejection: a failed sign-up fails the test at stop().
    done.catch(() => undefined);
    streams.push(stop);
    return { users, stop };
  }

  /** Welcome rows per member among `users`. */
  async function welcomes(users: string[]): Promise<{ members: number; rows: number }> {
    const { rows } = await notificationsDb.query<{ members: number; rows: number }>(
      `SELECT count(DISTINCT user_id)::int AS members, count(*)::int AS rows
         FROM notifications WHERE user_id = ANY($1::uuid[]) AND title = $2`,
      [users, Messages.welcomeTitle],
    );
    return rows[0]!;
  }

  /** The welcome group has committed every event on the topic: nothing left to (re)deliver. */
  async function settled(): Promise<boolean> {
    const [ends, [committed]] = await Promise.all([
      admin.fetchTopicOffsets(TOPIC),
      admin.fetchOffsets({ groupId: WELCOME_GROUP, topics: [TOPIC] }),
    ]);
    const done = new Map(committed!.partitions.map((p) => [p.partition, p.offset]));
    return ends.every((end) => done.get(end.partition) === end.high);
  }

  /** Every member welcomed, the group settled, and then exactly one welcome each. */
  async function expectOneWelcomeEach(users: string[]): Promise<void> {
    await wait(
      async () => (await welcomes(users)).members === users.length && (await settled()),
      `${users.length} members welcomed and the welcome group settled`,
    );
    expect(await welcomes(users)).toEqual({ members: users.length, rows: users.length });
  }

  /** events_handled_total of the welcome group on one process's /metrics. */
  async function welcomedBy(service: ServiceProcess): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${service.spec.env['METRICS_PORT']}/metrics`);
    return (await res.text())
      .split('\n')
      .filter(
        (line) =>
          line.startsWith('events_handled_total{') &&
          line.includes(`group="${WELCOME_GROUP}"`) &&
          line.includes('outcome="success"'),
      )
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  }

  const explain = (error: unknown) =>
    new Error(
      `${(error as Error).message}\n--- last stack logs ---\n${logs
        // kafkajs logs every error response (metadata, heartbeats) while a broker settles.
        .filter((line) => !line.includes('"msg":"Response '))
        .slice(-80)
        .join('\n')}`,
    );

  it('a notifications process killed (SIGKILL) mid-stream and restarted: one welcome per member', async () => {
    try {
      const notifications = stack.service('notifications');
      const stream = signUps();
      await wait(async () => (await welcomes(stream.users)).rows > 0, 'the first welcomes');
      await notifications.kill();
      // Members keep signing up while it is down: at least 50 more wait for it.
      const atKill = stream.users.length;
      await wait(async () => stream.users.length >= atKill + 50, '50 sign-ups during the crash');
      expect((await welcomes(stream.users)).members).toBeLessThan(stream.users.length);
      await notifications.start();
      await wait(async () => stream.users.length >= atKill + 100, 'sign-ups after the restart');
      await expectOneWelcomeEach(await stream.stop());
    } catch (error) {
      throw explain(error);
    }
  }, 300_000);

  it('two replicas of notifications in one group, one stopped and restarted mid-stream: one welcome per member', async () => {
    try {
      const first = stack.service('notifications');
      const second = new ServiceProcess(
        {
          ...first.spec,
          name: 'notifications-2',
          port: await freeLocalPort(),
          env: { ...first.spec.env, METRICS_PORT: String(await freeLocalPort()) },
        },
        (service, line) => logs.push(`[${service}] ${line}`),
      );
      extra.push(second);
      await second.start();
      const stream = signUps();
      // Both replicas welcome members: the group shares the partitions between them.
      await wait(
        async () => (await welcomedBy(first)) > 0 && (await welcomedBy(second)) > 0,
        'both replicas to welcome members',
      );
      // The first leaves (its partitions move to the second) and comes back (they move again).
      await first.stop();
      const before = await welcomedBy(second);
      await wait(async () => (await welcomedBy(second)) > before + 20, 'the second alone');
      await first.start();
      await wait(async () => (await welcomedBy(first)) > 0, 'the restarted replica to take part');
      await expectOneWelcomeEach(await stream.stop());
      await second.stop();
    } catch (error) {
      throw explain(error);
    }
  }, 300_000);

  it('the broker stopped and restarted under the stack: sign-ups during the outage are welcomed after, once each', async () => {
    try {
      const kafka = stack.kafka!;
      const before = Array.from({ length: 20 }, () => randomUUID());
      await publishTestEvents(stack.service('identity'), before.map(registered));
      await expectOneWelcomeEach(before);

      await admin.disconnect();
      await kafka.stop();
      const during = Array.from({ length: 50 }, () => randomUUID());
      for (let i = 0; i < during.length; i += 10)
        await publishTestEvents(stack.service('identity'), during.slice(i, i + 10).map(registered));
      // They wait in identity's outbox while there is no broker.
      const { rows } = await identityDb.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM outbox
          WHERE topic = $1 AND published_at IS NULL AND key = ANY($2::text[])`,
        [TOPIC, during],
      );
      expect(rows[0]!.waiting).toBeGreaterThan(0);
      await kafka.restart();
      await admin.connect();

      const after = Array.from({ length: 20 }, () => randomUUID());
      await publishTestEvents(stack.service('identity'), after.map(registered));
      await expectOneWelcomeEach([...before, ...during, ...after]);
    } catch (error) {
      throw explain(error);
    }
  }, 300_000);
});
