import { randomUUID } from 'node:crypto';
import { Client, type Notification } from 'pg';
import { PostgresSession as Session } from './postgres-session';
import { delay, settlesWithin } from './bounded-wait';
import { deliverBatch, deliverEvent, retryDelayMs } from './deliver-event';
import {
  DEFAULT_MAX_BATCH_SIZE,
  DEFAULT_STOP_TIMEOUT_MS,
  type SubscribeOptions,
} from './event-broker';
import { errorFields } from './event-logger';
import { murmur2 } from './partition-for-key';
import type { PostgresBroker } from './postgres-broker';
import {
  APPEND_CHANNEL,
  REBALANCE_CHANNEL,
  asOid,
  lockNamespace,
} from './postgres-event-log.schema';
import { WakeSignal } from './wake-signal';

const FETCH_LIMIT = 100;

interface LogEntry {
  offset: string;
  key: string;
  envelope: unknown;
}

const FETCH_SQL = `SELECT "offset", key, envelope FROM event_log
  WHERE topic = $1 AND partition = $2 AND "offset" >= $3
  ORDER BY "offset" LIMIT $4`;

const COMMIT_SQL = `INSERT INTO event_consumer_offsets (group_id, topic, partition, next_offset)
  VALUES ($1, $2, $3, $4)
  ON CONFLICT (group_id, topic, partition)
  DO UPDATE SET next_offset = EXCLUDED.next_offset, updated_at = now()`;

/**
 * Going idle: ask the next append to notify. It takes the partition head's row lock, so it
 * waits for appends in flight, whose events the fetch that follows then sees; appends after it
 * find the flag and notify (and clear it). A no-op when another group already set it.
 */
const WAIT_SQL = `UPDATE event_partitions SET waiting = true
  WHERE topic = $1 AND partition = $2 AND NOT waiting`;

/**
 * A batch consumer's look at every partition it owns of a topic, in one round trip:
 * - commits the offsets of what the last batch handled ($6 partitions, $7 next offsets);
 * - fetches what follows in each partition ($2 partitions from $3 offsets), at most $4 in all,
 *   taken in turn from the partitions (each one's first, then each one's second...) so none
 *   waits behind another, each partition's events in offset order;
 * - when that finds nothing, asks the next append to each partition to notify (WAIT_SQL's
 *   update, taking the heads' row locks in the order appends take them, so the two cannot
 *   deadlock). The update may have waited for an append in flight that this statement's
 *   snapshot does not see: an empty look is followed by one more before waiting.
 */
const READ_TOPIC_SQL = `WITH committed AS (
    INSERT INTO event_consumer_offsets (group_id, topic, partition, next_offset)
    SELECT $5, $1, c.p, c.o FROM unnest($6::int[], $7::bigint[]) AS c(p, o)
    ON CONFLICT (group_id, topic, partition)
    DO UPDATE SET next_offset = EXCLUDED.next_offset, updated_at = now()
  ), found AS (
    SELECT l.partition, l."offset", l.key, l.envelope,
           row_number() OVER (PARTITION BY l.partition ORDER BY l."offset") AS turn
      FROM unnest($2::int[], $3::bigint[]) AS o(p, next)
      CROSS JOIN LATERAL (
        SELECT partition, "offset", key, envelope FROM event_log
         WHERE topic = $1 AND partition = o.p AND "offset" >= o.next
         ORDER BY "offset" LIMIT $4
      ) AS l
     ORDER BY turn, l.partition
     LIMIT $4
  ), asked AS (
    UPDATE event_partitions h SET waiting = true
      FROM (SELECT partition FROM event_partitions
             WHERE topic = $1 AND partition = ANY($2::int[]) AND NOT waiting
               AND NOT EXISTS (SELECT 1 FROM found)
             ORDER BY partition FOR UPDATE) AS w
     WHERE h.topic = $1 AND h.partition = w.partition
  )
  SELECT partition, "offset", key, envelope FROM found ORDER BY turn, partition`;

interface TopicEntry extends LogEntry {
  partition: number;
}

const STALE_MEMBER_ROWS = '1 minute';

interface PartitionWorker {
  id: string;
  topic: string;
  partition: number;
  session: Session;
  signal: WakeSignal;
  abort: AbortController;
  /** Finish the current event, then let the partition go. */
  revoked: boolean;
  /** Commit nothing more: the session is gone or stop() stopped waiting. */
  abandoned: boolean;
  done: Promise<void>;
  /** Where reading resumes (the broker's backstop look wakes the worker when the head is past it). */
  next?: number;
  /** Batch handlers: handled up to `next`, not yet committed. */
  uncommitted?: boolean;
  /** Batch handlers: the reader let the partition go (resolves `done`). */
  finish?: () => void;
}

/**
 * Batch handlers: one reader per topic reads every partition this member owns of it, so one
 * fetch, one handler transaction and one offset commit serve them all.
 */
interface TopicReader {
  topic: string;
  session: Session;
  /** Any owned partition's append, a new or revoked partition: look again. */
  signal: WakeSignal;
  /** The batch being delivered: aborted when one of its partitions is taken away. */
  delivery?: AbortController;
  done: Promise<void>;
}

/**
 * One subscriber of a consumer group on the Postgres broker. It owns a fair share of each
 * topic's partitions (ceil(partitions / live members)) through session-level advisory locks on
 * a dedicated connection, so a crashed member's partitions come free when its connection dies.
 * Liveness is that same connection (a per-topic member lock), not a heartbeat timeout, so the
 * survivors take over at their next tick. Each owned partition is read in offset order (batch
 * handlers: one reader per topic for all of them); offsets are committed through the
 * lock-holding connection, which fences a member that lost its locks.
 */
export class PostgresGroupMember {
  readonly memberId = randomUUID();
  private readonly memberKey = murmur2(this.memberId);
  private readonly workers = new Map<string, PartitionWorker>();
  private readonly readers = new Map<string, TopicReader>();
  private readonly tick = new WakeSignal();
  private session?: Session;
  private stopping = false;
  private failures = 0;
  private loop?: Promise<void>;
  private stopped?: Promise<void>;
  /** Waiting the idle heartbeat (see run()). */
  private quiet = false;
  /** An append to an owned partition was announced while quiet. */
  private appended = false;
  /** The last lag report found events not yet consumed. */
  private lagging = false;
  private lastRebalance = 0;

  constructor(
    private readonly broker: PostgresBroker,
    private readonly options: SubscribeOptions,
  ) {}

  private get group(): string {
    return this.options.group;
  }

  /** Joins and claims a first share, so events flow as soon as subscribe() resolves. */
  async start(): Promise<void> {
    await this.rebalance();
    this.loop = this.run();
  }

  stop(): Promise<void> {
    this.stopped ??= this.shutdown();
    return this.stopped;
  }

  private async run(): Promise<void> {
    const { heartbeatIntervalMs, idleHeartbeatIntervalMs } = this.broker;
    while (!this.stopping) {
      // Quiet: nothing to take over and nothing behind, so the next look may wait for a
      // notification: a member joining, or an append (which may make a lag to report).
      this.quiet = !this.failures && !this.lagging && this.ownsEverything();
      const wait = this.failures
        ? retryDelayMs(this.failures, 200)
        : this.quiet
          ? idleHeartbeatIntervalMs
          : heartbeatIntervalMs;
      const woken = await this.tick.wait(wait);
      const wokenByAppend = this.quiet && this.appended;
      // The idle heartbeat ran out with nothing said: the share and the lag are as they were.
      const stillQuiet = this.quiet && !woken && this.ownsEverything();
      this.quiet = false;
      this.appended = false;
      // Woken by an append: no sooner than a busy member's heartbeat after the last look.
      const early = heartbeatIntervalMs - (Date.now() - this.lastRebalance);
      if (wokenByAppend && early > 0 && !this.stopping) await this.tick.wait(early);
      if (this.stopping) break;
      try {
        if (stillQuiet) {
          await this.heartbeat(await this.connect());
        } else {
          this.lastRebalance = Date.now();
          await this.rebalance();
        }
        this.failures = 0;
      } catch (error) {
        this.failures++;
        this.broker.logger.warn(
          { ...errorFields(error), group: this.group, member: this.memberId },
          'event consumer could not rebalance; retrying',
        );
        // Only a broken connection costs the partitions; a failed query elsewhere does not.
        const session = this.session;
        if (session && !(await alive(session))) this.sessionLost(session);
      }
    }
  }

  /**
   * Every partition of every topic is this member's: no peer's can come free, so the next
   * rebalance may wait for a joining member's notification (or the idle heartbeat).
   */
  private ownsEverything(): boolean {
    return this.options.topics.every((topic) => {
      const partitions = this.broker.knownPartitions(topic);
      if (partitions === undefined) return false;
      let mine = 0;
      for (const worker of this.workers.values())
        if (worker.topic === topic && !worker.revoked) mine++;
      return mine === partitions;
    });
  }

  /** Heartbeat, then release extra partitions or claim free ones, then report lag. */
  private async rebalance(): Promise<void> {
    const session = await this.connect();
    const topics = this.options.topics;
    const counts = await this.broker.ensureTopics(topics);
    const live = await this.liveMembers(session);
    for (const topic of topics) {
      if (this.stopping || session.lost) return;
      const partitions = counts.get(topic) as number;
      const target = Math.ceil(partitions / Math.max(1, live.get(topic) ?? 1));
      const mine = [...this.workers.values()].filter((w) => w.topic === topic && !w.revoked);
      if (mine.length > target) {
        mine
          .sort((a, b) => b.partition - a.partition)
          .slice(0, mine.length - target)
          .forEach((worker) => this.revoke(worker));
        continue;
      }
      const free = shuffle(
        Array.from({ length: partitions }, (_, p) => p).filter(
          (p) => !this.workers.has(workerId(topic, p)),
        ),
      );
      let owned = mine.length;
      for (const partition of free) {
        if (owned >= target || this.stopping || session.lost) break;
        const { rows } = await session.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS ok',
          [lockNamespace('partition', this.group, topic), partition],
        );
        if (!rows[0].ok) continue;
        if (this.stopping) {
          await session.query('SELECT pg_advisory_unlock($1, $2)', [
            lockNamespace('partition', this.group, topic),
            partition,
          ]);
          break;
        }
        this.startWorker(session, topic, partition);
        owned++;
      }
    }
    await this.heartbeat(session);
    if (this.broker.metrics) await this.reportLag(session);
  }

  private async connect(): Promise<Session> {
    if (this.session && !this.session.lost) return this.session;
    const client = new Client({
      connectionString: this.broker.url,
      application_name: `${this.broker.clientId}:${this.group}`.slice(0, 63),
      // A peer that vanished without closing must not hold its locks (and partitions) for long.
      keepAlive: true,
      // What this connection writes (offsets, the waiting flags, heartbeats) may be lost to a
      // server crash without harm: a lost offset redelivers what the inbox already recorded, a
      // lost flag leaves the backstop look. So its commits do not wait for the WAL flush.
      options: '-c synchronous_commit=off',
    });
    const session = new Session(client);
    client.on('error', (error) => this.sessionLost(session, error));
    client.on('end', () => this.sessionLost(session));
    client.on('notification', (message) => this.onNotification(message));
    try {
      await client.connect();
      await client.query(`LISTEN ${APPEND_CHANNEL}`);
      await client.query(`LISTEN ${REBALANCE_CHANNEL}`);
      for (const topic of this.options.topics) {
        await client.query('SELECT pg_try_advisory_lock($1, $2)', [
          lockNamespace('member', this.group, topic),
          this.memberKey,
        ]);
      }
      // Tell the group a member joined, so the others hand over its share now.
      await client.query('SELECT pg_notify($1, $2)', [REBALANCE_CHANNEL, this.group]);
    } catch (error) {
      session.lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    this.session = session;
    return session;
  }

  private sessionLost(session: Session, error?: Error): void {
    if (session.lost) return;
    session.lost = true;
    if (this.session === session) this.session = undefined;
    if (!this.stopping) {
      this.broker.logger.warn(
        { ...(error ? errorFields(error) : {}), group: this.group, member: this.memberId },
        'event consumer lost its connection; its partitions are released and it rejoins',
      );
    }
    for (const worker of this.workers.values()) {
      if (worker.session !== session) continue;
      worker.abandoned = true;
      this.revoke(worker);
      this.workers.delete(worker.id);
    }
    for (const reader of this.readers.values())
      if (reader.session === session) reader.signal.notify();
    session.client.end().catch(() => undefined);
    this.tick.notify();
  }

  /** The topics this member consumes. */
  get topics(): readonly string[] {
    return this.options.topics;
  }

  /**
   * The broker's backstop look (a lost notification): wakes each worker whose partition's head
   * (`<partition>:<topic>` to next offset) is past where it reads. A spurious wake only looks.
   */
  wakeBehind(heads: ReadonlyMap<string, number>): void {
    for (const [key, worker] of this.workers) {
      const head = heads.get(key);
      if (head !== undefined && (worker.next === undefined || head > worker.next)) {
        worker.signal.notify();
      }
    }
  }

  private onNotification(message: Notification): void {
    if (message.channel === APPEND_CHANNEL && message.payload) {
      const worker = this.workers.get(message.payload);
      worker?.signal.notify();
      if (worker && this.quiet && this.broker.metrics) {
        this.appended = true;
        this.tick.notify();
      }
    } else if (message.channel === REBALANCE_CHANNEL && message.payload === this.group) {
      this.tick.notify();
    }
  }

  private async liveMembers(session: Session): Promise<Map<string, number>> {
    const byNamespace = new Map(
      this.options.topics.map((topic) => [
        asOid(lockNamespace('member', this.group, topic)),
        topic,
      ]),
    );
    const { rows } = await session.query<{ ns: string; members: number }>(
      `SELECT classid::text AS ns, count(*)::int AS members FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid = ANY($1::oid[])
        GROUP BY classid`,
      [[...byNamespace.keys()]],
    );
    return new Map(rows.map((row) => [byNamespace.get(row.ns) as string, row.members]));
  }

  private async heartbeat(session: Session): Promise<void> {
    const owned: Record<string, number[]> = {};
    for (const worker of this.workers.values()) {
      if (worker.revoked) continue;
      (owned[worker.topic] ??= []).push(worker.partition);
    }
    await session.query(
      `INSERT INTO event_consumer_members (group_id, member_id, client, topics, partitions)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (group_id, member_id)
       DO UPDATE SET topics = EXCLUDED.topics, partitions = EXCLUDED.partitions, heartbeat_at = now()`,
      [this.group, this.memberId, this.broker.clientId, this.options.topics, JSON.stringify(owned)],
    );
    await session.query(
      `DELETE FROM event_consumer_members
        WHERE group_id = $1 AND heartbeat_at < now() - interval '${STALE_MEMBER_ROWS}'`,
      [this.group],
    );
  }

  private async reportLag(session: Session): Promise<void> {
    const { rows } = await session.query<{ topic: string; lag: string }>(
      `SELECT p.topic, sum(p.next_offset - coalesce(o.next_offset, 0))::bigint AS lag
         FROM event_partitions p
         LEFT JOIN event_consumer_offsets o
           ON o.group_id = $1 AND o.topic = p.topic AND o.partition = p.partition
        WHERE p.topic = ANY($2::text[])
        GROUP BY p.topic`,
      [this.group, this.options.topics],
    );
    this.lagging = rows.some((row) => Number(row.lag) > 0);
    for (const row of rows) {
      this.broker.metrics?.consumerLag.set(
        { group: this.group, topic: row.topic },
        Number(row.lag),
      );
    }
  }

  private startWorker(session: Session, topic: string, partition: number): void {
    const worker: PartitionWorker = {
      id: workerId(topic, partition),
      topic,
      partition,
      session,
      signal: new WakeSignal(),
      abort: new AbortController(),
      revoked: false,
      abandoned: false,
      done: Promise.resolve(),
    };
    this.workers.set(worker.id, worker);
    if (this.options.handleBatch) {
      const reader = this.readerFor(session, topic);
      worker.signal = reader.signal;
      worker.done = new Promise<void>((resolve) => (worker.finish = resolve));
      reader.signal.notify();
      return;
    }
    worker.done = this.consume(worker)
      .catch((error: unknown) =>
        this.broker.logger.error(
          { ...errorFields(error), group: this.group, topic, partition },
          'event consumer stopped on a partition',
        ),
      )
      .finally(() => this.release(worker));
  }

  private revoke(worker: PartitionWorker): void {
    worker.revoked = true;
    worker.abort.abort();
    const reader = this.readers.get(worker.topic);
    if (reader?.session === worker.session) reader.delivery?.abort();
    worker.signal.notify();
  }

  /** The topic's reader on this session, started if there is none. */
  private readerFor(session: Session, topic: string): TopicReader {
    const current = this.readers.get(topic);
    if (current?.session === session) return current;
    const reader: TopicReader = {
      topic,
      session,
      signal: new WakeSignal(),
      done: Promise.resolve(),
    };
    this.readers.set(topic, reader);
    reader.done = this.read(reader)
      .catch((error: unknown) =>
        this.broker.logger.error(
          { ...errorFields(error), group: this.group, topic },
          'event consumer stopped on a topic',
        ),
      )
      .finally(() => {
        if (this.readers.get(topic) === reader) this.readers.delete(topic);
        // Whatever it still held is let go without a commit: unlocked unless its connection is
        // gone, for the next rebalance (here or in another member) to read again from the last
        // commit; the inbox recognises what was handled.
        for (const worker of this.readerWorkers(reader)) {
          void this.release(worker).finally(() => worker.finish?.());
        }
      });
    return reader;
  }

  private readerWorkers(reader: TopicReader): PartitionWorker[] {
    return [...this.workers.values()].filter(
      (worker) => worker.topic === reader.topic && worker.session === reader.session,
    );
  }

  /** Unlocks a partition whose worker ended, unless its connection (and so its lock) is gone. */
  private async release(worker: PartitionWorker): Promise<void> {
    if (!worker.abandoned && !worker.session.lost) {
      try {
        const { session } = worker;
        await session.query('SELECT pg_advisory_unlock($1, $2)', [
          lockNamespace('partition', this.group, worker.topic),
          worker.partition,
        ]);
        await session.query('SELECT pg_notify($1, $2)', [REBALANCE_CHANNEL, this.group]);
      } catch (error) {
        this.broker.logger.warn(
          { ...errorFields(error), group: this.group, topic: worker.topic },
          'could not release a partition; it is freed when the connection closes',
        );
      }
    }
    if (this.workers.get(worker.id) === worker) this.workers.delete(worker.id);
  }

  /** Per-event handlers: reads one partition in offset order, commits after each event. */
  private async consume(worker: PartitionWorker): Promise<void> {
    const { topic, partition } = worker;
    const { session } = worker;
    const { logger, metrics, pollIntervalMs } = this.broker;
    let next: number | undefined;
    /** Appends notify: the flag was set, and nothing was found since. */
    let waiting = false;
    while (!worker.revoked) {
      try {
        next ??= await this.committedOffset(session, topic, partition);
        worker.next = next;
        worker.signal.reset();
        const { rows } = await session.query<LogEntry>(FETCH_SQL, [
          topic,
          partition,
          next,
          FETCH_LIMIT,
        ]);
        if (rows.length === 0) {
          waiting = await this.idle(worker, waiting);
          continue;
        }
        waiting = false;
        for (const row of rows) {
          if (worker.revoked) break;
          const outcome = await deliverEvent(row.envelope, {
            topic,
            key: row.key,
            options: this.options,
            signal: worker.abort.signal,
            deadLetter: (record) => this.broker.append([record]),
            logger,
            metrics,
          });
          if (outcome === 'abandoned' || worker.abandoned) return;
          const offset = Number(row.offset) + 1;
          await session.query(COMMIT_SQL, [this.group, topic, partition, offset]);
          next = offset;
          worker.next = next;
        }
      } catch (error) {
        if (worker.revoked || worker.session.lost) return;
        logger.warn(
          { ...errorFields(error), group: this.group, topic, partition },
          'event consumer failed on a partition; retrying',
        );
        await delay(pollIntervalMs, worker.abort.signal);
      }
    }
  }

  /**
   * Batch handlers: reads every partition of the topic this member owns, in one fetch, and hands
   * over what it returns as one batch (each partition's events in offset order, so each key
   * stays in order); the batch's offsets are committed in the same round trip as the next
   * fetch. A partition taken away is let go between batches, its handled offset committed.
   * Nothing to read: the look asked appends to notify; one more look, then it waits.
   */
  private async read(reader: TopicReader): Promise<void> {
    const { topic, session } = reader;
    const { logger, metrics, pollIntervalMs } = this.broker;
    const limit = Math.max(1, this.options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
    /** The partitions the last empty look asked about (then: wait, not look again). */
    let asked = '';
    for (;;) {
      const workers = this.readerWorkers(reader);
      for (const worker of workers.filter((w) => w.revoked)) await this.letGo(worker);
      const owned = workers.filter((w) => !w.revoked).sort((a, b) => a.partition - b.partition);
      if (session.lost) return;
      if (owned.length === 0) {
        // Lives as long as its session: partitions may come back at the next rebalance.
        if (this.stopping) return;
        await reader.signal.wait(this.broker.heartbeatIntervalMs);
        continue;
      }
      try {
        for (const worker of owned) {
          worker.next ??= await this.committedOffset(session, topic, worker.partition);
        }
        reader.signal.reset();
        const handled = owned.filter((w) => w.uncommitted);
        const { rows } = await session.query<TopicEntry>(READ_TOPIC_SQL, [
          topic,
          owned.map((w) => w.partition),
          owned.map((w) => w.next),
          limit,
          this.group,
          handled.map((w) => w.partition),
          handled.map((w) => w.next),
        ]);
        for (const worker of handled) worker.uncommitted = false;
        if (rows.length === 0) {
          const looked = owned.map((w) => w.partition).join(',');
          if (asked !== looked) asked = looked;
          else await reader.signal.wait(this.broker.lastResortPollMs);
          continue;
        }
        asked = '';
        const delivery = new AbortController();
        reader.delivery = delivery;
        const outcome = await deliverBatch(
          rows.map((row) => ({ value: row.envelope, key: row.key })),
          {
            topic,
            key: rows[0].key,
            options: this.options,
            signal: delivery.signal,
            deadLetter: (record) => this.broker.append([record]),
            logger,
            metrics,
          },
        );
        reader.delivery = undefined;
        if (session.lost || owned.some((w) => w.abandoned)) return;
        // Taken away meanwhile: nothing of this batch is committed; what was handled is
        // delivered again (from the last commit) and the inbox recognises it.
        if (outcome === 'abandoned') continue;
        const byPartition = new Map(owned.map((w) => [w.partition, w]));
        for (const row of rows) {
          const worker = byPartition.get(row.partition)!;
          worker.next = Number(row.offset) + 1;
          worker.uncommitted = true;
        }
      } catch (error) {
        reader.delivery = undefined;
        if (session.lost) return;
        logger.warn(
          { ...errorFields(error), group: this.group, topic },
          'event consumer failed on a topic; retrying',
        );
        // Woken early by a revocation or stop, which the loop's top then handles.
        await reader.signal.wait(pollIntervalMs);
      }
    }
  }

  /**
   * A revoked partition of a topic reader: commits what was handled, unlocks it. Never throws: a
   * commit that fails leaves that batch to be delivered again by the partition's next owner.
   */
  private async letGo(worker: PartitionWorker): Promise<void> {
    try {
      if (worker.uncommitted && !worker.abandoned && !worker.session.lost) {
        await worker.session.query(COMMIT_SQL, [
          this.group,
          worker.topic,
          worker.partition,
          worker.next,
        ]);
        worker.uncommitted = false;
      }
    } catch (error) {
      this.broker.logger.warn(
        { ...errorFields(error), group: this.group, topic: worker.topic },
        'could not commit a partition being let go; its last batch is delivered again',
      );
    } finally {
      await this.release(worker);
      worker.finish?.();
    }
  }

  /**
   * Nothing to read. The first time, asks appends to notify and returns at once, to look again
   * (what was appended before is visible now); then waits for a notification or the backstop
   * poll. Only an append clears the flag, and its events are in the partition for good, so as
   * long as looks find nothing the flag is still set (or an append in flight will notify);
   * once a look finds events, the caller's next empty look sets it again.
   */
  private async idle(worker: PartitionWorker, waiting: boolean): Promise<boolean> {
    if (waiting) await worker.signal.wait(this.broker.lastResortPollMs);
    else await worker.session.query(WAIT_SQL, [worker.topic, worker.partition]);
    return true;
  }

  private async committedOffset(
    session: Session,
    topic: string,
    partition: number,
  ): Promise<number> {
    const { rows } = await session.query<{ next_offset: string }>(
      `SELECT next_offset FROM event_consumer_offsets
        WHERE group_id = $1 AND topic = $2 AND partition = $3`,
      [this.group, topic, partition],
    );
    // A new group starts at the beginning of the log: nothing published before it is lost.
    return rows.length ? Number(rows[0].next_offset) : 0;
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    this.tick.notify();
    await this.loop;
    const workers = [...this.workers.values()];
    for (const worker of workers) this.revoke(worker);
    const timeoutMs = this.options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
    const finished = await settlesWithin(Promise.all(workers.map((w) => w.done)), timeoutMs);
    if (!finished) {
      for (const worker of workers) worker.abandoned = true;
      this.broker.logger.warn(
        { group: this.group, member: this.memberId, timeoutMs },
        'event handler still running at stop; abandoned without commit',
      );
    }
    const session = this.session;
    this.session = undefined;
    if (!session || session.lost) return;
    await session
      .query('DELETE FROM event_consumer_members WHERE group_id = $1 AND member_id = $2', [
        this.group,
        this.memberId,
      ])
      .catch(() => undefined);
    session.lost = true;
    for (const reader of this.readers.values()) reader.signal.notify();
    await session.client.end().catch(() => undefined);
    // Only now are the locks gone: tell the rest of the group to pick up the partitions.
    await this.broker.notifyGroup(this.group).catch(() => undefined);
  }
}

async function alive(session: Session): Promise<boolean> {
  if (session.lost) return false;
  try {
    await session.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

function workerId(topic: string, partition: number): string {
  return `${partition}:${topic}`;
}

/** Random claim order, so members starting together do not all fight for partition 0 first. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
