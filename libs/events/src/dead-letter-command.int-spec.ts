import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeadLetterMessages } from '@jibs/domain';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { testEnvelope, uniqueName } from './broker-contract';
import { DeadLetterActionEntity } from './dead-letter-action.entity';
import { runDeadLetterCommand } from './dead-letter-command';
import type { EventBroker, Subscription } from './event-broker';
import { eventMigrations } from './event-tables';
import { idempotent } from './idempotent';
import { InboxEntity } from './inbox.entity';
import { KafkaBroker } from './kafka-broker';
import { startLocalKafka, type LocalKafka } from './local-kafka';
import { OutboxEntity } from './outbox.entity';
import { PostgresBroker } from './postgres-broker';

/**
 * `npm run events -- dlq ...` (runDeadLetterCommand, which tools/scripts/events-cli.ts runs) on
 * both brokers, given only an environment as a service's: a consumer group of a service fails
 * an event until it is fixed; the command lists, replays and discards its dead letters.
 */
function describeCommand(
  name: string,
  setup: () => Promise<{
    env: Record<string, string>;
    broker: () => EventBroker;
    teardown(): Promise<void>;
  }>,
  timeoutMs: number,
): void {
  describe(`events dlq command (${name})`, () => {
    let serviceDb: TestDatabase;
    let dataSource: DataSource;
    let broker: EventBroker;
    let env: NodeJS.ProcessEnv;
    let teardown: () => Promise<void>;
    let subscription: Subscription;
    const failing = new Set<string>();
    const service = `cli${randomUUID().slice(0, 6)}`;
    const group = `${service}.welcome`;
    const topic = uniqueName('dlq-cli');
    const wait = <T>(probe: () => Promise<T | undefined | null | false>, message: string) =>
      eventually(probe, { timeoutMs, intervalMs: 250, message });

    async function command(...argv: string[]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runDeadLetterCommand(
        argv,
        env,
        (line) => out.push(line),
        (line) => err.push(line),
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    }

    const effects = async (eventId: string): Promise<number> =>
      (
        await dataSource.query<{ n: number }[]>(
          'SELECT count(*)::int AS n FROM effects WHERE event_id = $1',
          [eventId],
        )
      )[0]!.n;

    const actions = () => dataSource.getRepository(DeadLetterActionEntity).find();

    /** A poison event, dead-lettered; returns its id and the dead letter's id (from `list`). */
    async function poison() {
      const envelope = testEnvelope(topic, randomUUID(), 0);
      failing.add(envelope.id);
      await broker.publish([{ topic, key: envelope.subject!, envelope }]);
      const line = await wait(async () => {
        const { out } = await command('dlq', 'list', '--topic', topic);
        return out.split('\n').find((row) => row.includes(`event=${envelope.id}`));
      }, `the dead letter of ${envelope.id} listed`);
      return { envelope, id: line.split('  ')[0]! };
    }

    beforeAll(async () => {
      const made = await setup();
      teardown = made.teardown;
      broker = made.broker();
      serviceDb = await createTestDatabase('dead_letter_cli');
      dataSource = new DataSource({
        type: 'postgres',
        url: serviceDb.url,
        entities: [OutboxEntity, InboxEntity, DeadLetterActionEntity],
        migrations: eventMigrations,
        logging: false,
      });
      await dataSource.initialize();
      await dataSource.runMigrations();
      await dataSource.query('CREATE TABLE effects (event_id uuid NOT NULL)');
      env = {
        ...made.env,
        [`${service.toUpperCase()}_DATABASE_URL`]: serviceDb.url,
        USER: 'operator',
      };
      subscription = await broker.subscribe({
        group,
        topics: [topic],
        maxAttempts: 2,
        retryBackoffMs: 10,
        handle: idempotent(dataSource, group, async (envelope, manager) => {
          if (failing.has(envelope.id)) throw new Error(`cannot handle ${envelope.id}`);
          await manager.query('INSERT INTO effects (event_id) VALUES ($1)', [envelope.id]);
        }),
      });
    }, timeoutMs * 2);

    afterAll(async () => {
      await subscription?.stop();
      await broker?.close();
      await dataSource?.destroy();
      await serviceDb?.drop();
      await teardown?.();
    }, timeoutMs);

    it(
      'lists a dead letter with its service, group, attempts and error; --json gives the original event',
      async () => {
        const { envelope, id } = await poison();
        const { code, out } = await command('dlq', 'list', '--topic', topic);
        expect(code).toBe(0);
        const row = out.split('\n').find((line) => line.startsWith(`${id}  `))!;
        expect(row).toContain(`${service}  ${group}  attempts=2`);
        expect(row).toContain(`error=${JSON.stringify(`cannot handle ${envelope.id}`)}`);
        const json = await command('dlq', 'list', '--topic', topic, '--json');
        expect(JSON.parse(json.out)).toContainEqual(
          expect.objectContaining({
            id,
            service,
            group,
            event: expect.objectContaining({ ...envelope }),
          }),
        );
      },
      timeoutMs * 2,
    );

    it(
      'refuses bad commands with the usage (exit 2) and unknown ids (exit 1), changing nothing',
      async () => {
        const { id } = await poison();
        for (const argv of [
          ['dlq'],
          ['dlq', 'replay'],
          ['dlq', 'discard', id],
          ['dlq', 'discard', id, '--reason'],
          ['dlq', 'list', '--bogus'],
          ['queue', 'list'],
        ]) {
          const result = await command(...argv);
          expect(result.code).toBe(2);
          expect(result.err).toContain('Usage: npm run events -- dlq');
        }
        const blank = await command('dlq', 'discard', id, '--reason', '   ');
        expect(blank).toMatchObject({ code: 1, err: DeadLetterMessages.reasonRequired });
        const unknown = await command('dlq', 'replay', `${topic}.dlq:0:99999`);
        expect(unknown.code).toBe(1);
        expect(unknown.err).toMatch(/not found/);
        const noBus = await runDeadLetterCommand(
          ['dlq', 'list'],
          { EVENT_BROKER: 'kafka' },
          () => undefined,
          () => undefined,
        );
        expect(noBus).toBe(2);
        expect((await actions()).map((action) => action.deadLetterId)).not.toContain(id);
      },
      timeoutMs * 2,
    );

    it(
      'replays one once (a second replay says so), discards one with a reason, replays the rest with --all',
      async () => {
        const first = await poison();
        const second = await poison();
        failing.delete(first.envelope.id);

        const replayed = await command('dlq', 'replay', first.id);
        expect(replayed).toMatchObject({ code: 0 });
        expect(replayed.out).toContain(`replayed ${first.id}`);
        const again = await command('dlq', 'replay', first.id);
        expect(again).toMatchObject({ code: 1, err: DeadLetterMessages.alreadyHandled });
        await wait(async () => (await effects(first.envelope.id)) === 1, 'the replayed event');

        const discarded = await command('dlq', 'discard', second.id, '--reason', 'test data');
        expect(discarded.code).toBe(0);
        expect(await actions()).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              deadLetterId: first.id,
              action: 'replayed',
              actor: 'cli:operator',
            }),
            expect.objectContaining({
              deadLetterId: second.id,
              action: 'discarded',
              actor: 'cli:operator',
              reason: 'test data',
            }),
          ]),
        );

        failing.clear();
        const all = await command('dlq', 'replay', '--all', '--topic', topic);
        expect(all.code).toBe(0);
        const listedBefore = Number(/replayed (\d+)/.exec(all.out)![1]);
        expect(listedBefore).toBeGreaterThanOrEqual(2); // the first two tests' dead letters
        expect((await command('dlq', 'replay', '--all', '--topic', topic)).out).toBe('replayed 0');
        await wait(
          async () => (await command('dlq', 'list', '--topic', topic)).out === 'No dead letters.',
          'none left',
        );
        expect(await effects(first.envelope.id)).toBe(1);
        expect(await effects(second.envelope.id)).toBe(0);
      },
      timeoutMs * 3,
    );
  });
}

describeCommand(
  'postgres broker',
  async () => {
    const eventlog = await createTestDatabase('dead_letter_cli_eventlog');
    return {
      env: { EVENT_BROKER: 'postgres', EVENTLOG_DATABASE_URL: eventlog.url },
      broker: () => new PostgresBroker({ url: eventlog.url, clientId: 'cli-test' }),
      teardown: () => eventlog.drop(),
    };
  },
  20_000,
);

const external = process.env.JIBS_TEST_KAFKA_BROKERS?.split(',').filter(Boolean);
let kafka: LocalKafka | undefined;
describeCommand(
  external ? 'kafka broker, external' : 'kafka broker, local KRaft',
  async () => {
    const brokers = external ?? (kafka = await startLocalKafka()).brokers;
    return {
      env: { EVENT_BROKER: 'kafka', KAFKA_BROKERS: brokers.join(',') },
      broker: () => new KafkaBroker({ brokers, clientId: 'cli-test', sessionTimeoutMs: 6_000 }),
      teardown: async () => {
        await kafka?.stop();
      },
    };
  },
  90_000,
);
