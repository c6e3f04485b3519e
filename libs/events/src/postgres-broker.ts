import { ensureDatabase } from '@jibs/database';
import { Pool, type PoolClient } from 'pg';
import { deadLetterId, type StoredDeadLetter } from './dead-letter';
import {
  assertHandler,
  type ConsumerLag,
  type EventBroker,
  type OutgoingRecord,
  type SubscribeOptions,
  type Subscription,
} from './event-broker';
import { validateEnvelope } from './event-envelope';
import { errorFields, silentLogger, type EventLogger } from './event-logger';
import { trackSubscription, type EventMetrics } from './event-metrics';
import { partitionForKey } from './partition-for-key';
import { PostgresGroupMember } from './postgres-group-member';
import { EVENT_LOG_DDL, REBALANCE_CHANNEL, SCHEMA_LOCK_KEY } from './postgres-event-log.schema';

export interface PostgresBrokerOptions {
  /** The `eventlog` database; created on first connect when the server allows it. */
  url: string;
  /** Partitions of a topic created by this broker (default 8); an existing topic keeps its own. */
  partitions?: number;
  /** How soon a consumer that failed on a partition tries again (default 1 s). */
  pollIntervalMs?: number;
  /**
   * Backstop look when no notification came (default 15 s): appends notify a waiting consumer
   * (LISTEN/NOTIFY), so an idle stack does not poll every second. One look per broker (one
   * statement reading the heads of its members' partitions) wakes the consumers whose
   * partition moved past them; each consumer's own last-resort look is 20 times longer.
   */
  idlePollIntervalMs?: number;
  /**
   * How often members heartbeat, rebalance and report lag while a peer may need them to
   * (default 1 s): a crashed member's partitions are taken over within it.
   */
  heartbeatIntervalMs?: number;
  /**
   * The same, for a member that owns every partition of its topics and has no lag (default
   * 30 s, under the minute after which a member's row counts as stale): there is no peer whose
   * partitions could come free, a member that joins notifies the group, and an append to an
   * owned partition wakes it to report the lag. Such a tick only heartbeats.
   */
  idleHeartbeatIntervalMs?: number;
  /** Shown in pg_stat_activity and the members table. */
  clientId?: string;
  /**
   * How long consumed events stay in the log (default 7 days, Kafka's default). An event is
   * deleted only once it is this old AND every group that consumes its partition has passed it.
   */
  retentionMs?: number;
  logger?: EventLogger;
  metrics?: EventMetrics;
}

interface LogRow {
  topic: string;
  partition: number;
  key: string;
  envelope: unknown;
}

/**
 * The embedded event bus: an append-only log per topic in one Postgres database, consumer groups
 * with committed offsets, partitions shared among a group's members through advisory locks, and
 * LISTEN/NOTIFY wake-ups with polling as backstop.
 */
export class PostgresBroker implements EventBroker {
  readonly kind = 'postgres' as const;
  readonly url: string;
  readonly partitions: number;
  readonly pollIntervalMs: number;
  readonly idlePollIntervalMs: number;
  /** A waiting consumer's own look, should the broker's backstop look keep failing. */
  readonly lastResortPollMs: number;
  readonly heartbeatIntervalMs: number;
  readonly idleHeartbeatIntervalMs: number;
  readonly clientId: string;
  readonly logger: EventLogger;
  readonly metrics?: EventMetrics;
  private readonly pool: Pool;
  private readonly topicPartitions = new Map<string, number>();
  private readonly members = new Set<PostgresGroupMember>();
  private readonly retentionMs: number;
  private backstop?: NodeJS.Timeout;
  private ready?: Promise<void>;
  private closed = false;

  constructor(opts: PostgresBrokerOptions) {
    this.url = opts.url;
    this.partitions = opts.partitions ?? 8;
    if (!Number.isInteger(this.partitions) || this.partitions < 1) {
      throw new RangeError(`partitions must be a positive integer, got ${opts.partitions}`);
    }
    this.pollIntervalMs = opts.pollIntervalMs ?? 1_000;
    this.idlePollIntervalMs = Math.max(this.pollIntervalMs, opts.idlePollIntervalMs ?? 15_000);
    this.lastResortPollMs = this.idlePollIntervalMs * 20;
    this.heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 1_000;
    this.idleHeartbeatIntervalMs = Math.max(
      this.heartbeatIntervalMs,
      opts.idleHeartbeatIntervalMs ?? 30_000,
    );
    this.clientId = opts.clientId ?? 'jibs-events';
    this.retentionMs = opts.retentionMs ?? 7 * 24 * 60 * 60 * 1000;
    this.logger = opts.logger ?? silentLogger;
    this.metrics = opts.metrics;
    this.pool = new Pool({
      connectionString: this.url,
      max: 4,
      // One stays open for the backstop look, instead of a new backend every look.
      min: 1,
      application_name: this.clientId,
    });
    // An idle pooled connection that dies must not crash the process; the pool replaces it.
    this.pool.on('error', (error) => this.logger.warn(errorFields(error), 'eventlog pool error'));
  }

  async publish(records: OutgoingRecord[]): Promise<void> {
    this.assertOpen();
    for (const record of records) {
      if (!record.topic) throw new Error('An event record needs a topic');
      if (!record.key) throw new Error(`An event record for "${record.topic}" needs a key`);
      validateEnvelope(record.envelope);
    }
    await this.append(records);
    for (const record of records) this.metrics?.published.inc({ topic: record.topic });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    assertHandler(options);
    if (!options.group) throw new Error('A subscription needs a group');
    if (options.topics.length === 0) throw new Error('A subscription needs at least one topic');
    trackSubscription(this.metrics, options.group, options.topics);
    await this.init();
    const member = new PostgresGroupMember(this, options);
    this.members.add(member);
    this.startBackstop();
    try {
      await member.start();
    } catch (error) {
      this.members.delete(member);
      await member.stop();
      throw error;
    }
    return {
      stop: async () => {
        this.members.delete(member);
        await member.stop();
      },
    };
  }

  async health(): Promise<void> {
    await this.init();
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.backstop);
    this.backstop = undefined;
    const members = [...this.members];
    this.members.clear();
    await Promise.all(members.map((member) => member.stop()));
    await this.pool.end();
  }

  /**
   * Appends without validation (dead letters keep whatever was consumed). One statement (the
   * `jibs_eventlog_append` function, so one round trip): lock the partition heads in a fixed
   * order (no deadlock between concurrent publishers), take the offsets, insert, notify. The
   * notifications go out at commit, so nothing wakes for a rollback.
   * Still open while close() waits for the handlers, so their dead letters get written.
   */
  async append(records: OutgoingRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.init();
    const counts = await this.ensureTopics([...new Set(records.map((record) => record.topic))]);
    const rows: LogRow[] = records.map((record) => ({
      topic: record.topic,
      partition: partitionForKey(record.key, counts.get(record.topic) as number),
      key: record.key,
      envelope: record.envelope,
    }));
    // One round trip: the function locks the heads, takes the offsets, inserts and notifies.
    await this.pool.query(
      'SELECT jibs_eventlog_append($1::text[], $2::int[], $3::text[], $4::jsonb[])',
      [
        rows.map((row) => row.topic),
        rows.map((row) => row.partition),
        rows.map((row) => row.key),
        rows.map((row) => JSON.stringify(row.envelope)),
      ],
    );
  }

  /** Wakes the group's members to rebalance (a member left or released partitions). */
  async notifyGroup(group: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [REBALANCE_CHANNEL, group]);
  }

  /** Partition counts of the topics, creating the missing ones with this broker's count. */
  /** A topic's partition count once this broker has seen the topic, without a query. */
  knownPartitions(topic: string): number | undefined {
    return this.topicPartitions.get(topic);
  }

  async ensureTopics(topics: string[]): Promise<Map<string, number>> {
    const missing = topics.filter((topic) => !this.topicPartitions.has(topic));
    if (missing.length > 0) {
      await this.pool.query(
        `INSERT INTO event_topics (topic, partitions) SELECT t, $2 FROM unnest($1::text[]) AS t
         ON CONFLICT (topic) DO NOTHING`,
        [missing, this.partitions],
      );
      await this.pool.query(
        `INSERT INTO event_partitions (topic, partition)
         SELECT t.topic, p FROM event_topics t, generate_series(0, t.partitions - 1) AS p
          WHERE t.topic = ANY($1::text[])
         ON CONFLICT (topic, partition) DO NOTHING`,
        [missing],
      );
      const existing = await this.pool.query<{ topic: string; partitions: number }>(
        'SELECT topic, partitions FROM event_topics WHERE topic = ANY($1::text[])',
        [missing],
      );
      for (const row of existing.rows) this.topicPartitions.set(row.topic, row.partitions);
    }
    return new Map(topics.map((topic) => [topic, this.topicPartitions.get(topic) as number]));
  }

  /**
   * Deletes events past the retention that every group with an offset on their partition has
   * consumed (a group that never consumed a partition does not hold it). Each service's
   * scheduled job runs it hourly (libs/subgraph's EventLogPruning), once across its replicas;
   * it is idempotent. Returns how many events were deleted.
   */
  async pruneLog(): Promise<number> {
    await this.init();
    const result = await this.pool.query(
      `DELETE FROM event_log l
        WHERE l.appended_at < now() - make_interval(secs => $1)
          AND l."offset" < (SELECT min(o.next_offset) FROM event_consumer_offsets o
                             WHERE o.topic = l.topic AND o.partition = l.partition)`,
      [this.retentionMs / 1000],
    );
    return result.rowCount ?? 0;
  }

  /** Every dead letter in the log: the `.dlq` topics have no consumer, so none is ever pruned. */
  async readDeadLetters(): Promise<StoredDeadLetter[]> {
    await this.init();
    const result = await this.pool.query<{
      topic: string;
      partition: number;
      offset: string;
      key: string;
      envelope: unknown;
    }>(
      `SELECT l.topic, l.partition, l."offset", l.key, l.envelope FROM event_log l
        WHERE l.topic IN (SELECT topic FROM event_topics WHERE topic LIKE '%.dlq')
        ORDER BY l.appended_at, l.topic, l.partition, l."offset"`,
    );
    return result.rows.map((row) => ({
      id: deadLetterId(row.topic, row.partition, row.offset),
      key: row.key,
      value: row.envelope,
    }));
  }

  /**
   * Every group's lag per topic: the partitions' heads less the group's committed offsets (a
   * partition the group never committed counts from the start of what the log still holds).
   */
  async consumerLag(): Promise<ConsumerLag[]> {
    await this.init();
    const result = await this.pool.query<ConsumerLag>(
      `SELECT g.group_id AS "group", g.topic,
              sum(p.next_offset - coalesce(o.next_offset,
                (SELECT min(l."offset") FROM event_log l WHERE l.topic = p.topic AND l.partition = p.partition),
                p.next_offset))::int AS lag
         FROM (SELECT DISTINCT group_id, topic FROM event_consumer_offsets) g
         JOIN event_partitions p ON p.topic = g.topic
         LEFT JOIN event_consumer_offsets o
           ON o.group_id = g.group_id AND o.topic = p.topic AND o.partition = p.partition
        GROUP BY g.group_id, g.topic ORDER BY g.group_id, g.topic`,
    );
    return result.rows;
  }

  /** Every idlePollIntervalMs while there are members: see lookBehind. */
  private startBackstop(): void {
    if (this.backstop) return;
    this.backstop = setInterval(() => void this.lookBehind(), this.idlePollIntervalMs);
    this.backstop.unref();
  }

  /**
   * The backstop for a lost notification, for every member at once: reads the heads of their
   * topics' partitions and wakes each consumer whose partition is past where it reads.
   */
  private async lookBehind(): Promise<void> {
    if (this.closed || this.members.size === 0) return;
    const topics = [...new Set([...this.members].flatMap((member) => member.topics))];
    try {
      const { rows } = await this.pool.query<{
        topic: string;
        partition: number;
        next_offset: string;
      }>(
        'SELECT topic, partition, next_offset FROM event_partitions WHERE topic = ANY($1::text[])',
        [topics],
      );
      const heads = new Map(
        rows.map((row) => [`${row.partition}:${row.topic}`, Number(row.next_offset)]),
      );
      for (const member of this.members) member.wakeBehind(heads);
    } catch (error) {
      this.logger.warn(errorFields(error), 'event log backstop look failed');
    }
  }

  private init(): Promise<void> {
    this.ready ??= this.createSchema().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async createSchema(): Promise<void> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      // 3D000: the eventlog database does not exist yet (first start of the embedded stack).
      if ((error as { code?: string }).code !== '3D000') throw error;
      await ensureDatabase(this.url);
      client = await this.pool.connect();
    }
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      await client.query(EVENT_LOG_DDL);
      await client.query('COMMIT');
    } catch (error) {
      await rollback(client);
      throw error;
    } finally {
      client.release();
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event broker is closed');
  }
}

async function rollback(client: PoolClient): Promise<void> {
  await client.query('ROLLBACK').catch(() => undefined);
}
