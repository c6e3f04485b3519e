import type { PoolClient } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';
import { settlesWithin } from './bounded-wait';
import { OUTBOX_CHANNEL } from './create-event-tables.migration';
import { retryDelayMs } from './deliver-event';
import type { EventBroker, OutgoingRecord } from './event-broker';
import type { EventEnvelope } from './event-envelope';
import { errorFields, silentLogger, type EventLogger } from './event-logger';
import type { EventMetrics } from './event-metrics';
import { RELAY_IDLE_LOCK } from './outbox-notify-when-idle.migration';
import { WakeSignal } from './wake-signal';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  broker: EventBroker;
  logger?: EventLogger;
  metrics?: EventMetrics;
  /** Rows per publish (default 500): one append statement each. */
  batchSize?: number;
  /**
   * How often a replica that does not lead looks to take the lead, and the base of the retry
   * delay after a failure (default 1 s).
   */
  pollIntervalMs?: number;
  /**
   * Backstop look of an idle leader when no notification came (default 15 s: a lost
   * notification is late by at most that): producers' triggers notify it, so an idle service
   * does not poll every second.
   */
  idlePollIntervalMs?: number;
  /**
   * How soon a busy relay looks again (default 10 ms): producers notify only an idle relay, and
   * it cannot go idle while a producer's transaction that wrote to the outbox is still open.
   */
  busyPollIntervalMs?: number;
  /** Published rows are deleted after this long (default 7 days). */
  retainPublishedMs?: number;
  /**
   * Inbox entries (events this service's consumers handled) are deleted after this long
   * (default 30 days): far beyond any redelivery, which comes within seconds of a crash or from
   * an operator rewinding a group, but not unbounded.
   */
  retainInboxMs?: number;
  /** How long stop() waits for a publish in progress (default 10 s). */
  stopTimeoutMs?: number;
}

/** Anything stable: the lock is scoped to the service's own database. */
const RELAY_LOCK_KEY = 0x6f757462; // "outb"
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Connection {
  runner: QueryRunner;
  lost: boolean;
  leader: boolean;
  /** Holds the idle lock: producers' triggers notify. */
  idle: boolean;
}

/** What the relay found when it tried to go idle. */
type IdleOutcome = 'idle' | 'busy' | 'pending';

interface OutboxRow {
  /** Insert order; one event's versions share an id, so rows are marked by this. */
  seq: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

/**
 * Moves unpublished outbox rows to the broker in insert order and marks them published. Wakes
 * on the outbox trigger's NOTIFY when idle, polls as a backstop, and publishes only while it holds the
 * database's relay advisory lock, so with several replicas one relay publishes at a time and
 * per-key order holds. At-least-once: a crash between publish and mark publishes again, which
 * consumers' inboxes absorb. Order is insert (seq) order among committed rows; two transactions
 * writing events for one aggregate are ordered as long as the service serialises them on that
 * aggregate's row, which it does anyway to keep its own state consistent.
 *
 * Producers notify only an idle relay (OutboxNotifyWhenIdle): the leader goes idle by taking
 * the idle advisory lock, which it gets only when no producer transaction that wrote to the
 * outbox is open (each holds it shared until its commit), then looks once more for rows, and
 * only then waits. A row committed before it took the lock is found by that last look; a row
 * written after it is announced by its trigger. Once woken it releases the lock before
 * publishing, so a busy relay costs producers no NOTIFY; it looks again every
 * busyPollIntervalMs until it can go idle.
 */
export class OutboxRelay {
  private readonly dataSource: DataSource;
  private readonly broker: EventBroker;
  private readonly logger: EventLogger;
  private readonly metrics?: EventMetrics;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly idlePollIntervalMs: number;
  private readonly busyPollIntervalMs: number;
  private readonly retainPublishedMs: number;
  private readonly retainInboxMs: number;
  private readonly stopTimeoutMs: number;
  private readonly wake = new WakeSignal();
  private connection?: Connection;
  private loop?: Promise<void>;
  private stopping = false;
  private failures = 0;
  private lastPrune = 0;
  private lastBacklogReport = 0;

  constructor(opts: OutboxRelayOptions) {
    this.dataSource = opts.dataSource;
    this.broker = opts.broker;
    this.logger = opts.logger ?? silentLogger;
    this.metrics = opts.metrics;
    this.batchSize = opts.batchSize ?? 500;
    this.pollIntervalMs = opts.pollIntervalMs ?? 1_000;
    this.idlePollIntervalMs = Math.max(this.pollIntervalMs, opts.idlePollIntervalMs ?? 15_000);
    this.busyPollIntervalMs = opts.busyPollIntervalMs ?? 10;
    this.retainPublishedMs = opts.retainPublishedMs ?? 7 * DAY_MS;
    this.retainInboxMs = opts.retainInboxMs ?? 30 * DAY_MS;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 10_000;
  }

  /** Connects and listens (throws if the database is unreachable), then relays until stop(). */
  async start(): Promise<void> {
    if (this.loop) return;
    this.stopping = false;
    await this.connect();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake.notify();
    if (!(await settlesWithin(this.loop, this.stopTimeoutMs))) {
      this.logger.warn({ timeoutMs: this.stopTimeoutMs }, 'outbox relay still publishing at stop');
    }
    this.loop = undefined;
    await this.disconnect();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let connection: Connection | undefined;
      let waitMs = this.pollIntervalMs;
      try {
        connection = await this.connect();
        // Woken (or polled): busy again, so producers stop notifying.
        if (connection.idle) await this.leaveIdle(connection);
        if (!connection.leader) connection.leader = await this.tryLead(connection);
        if (connection.leader) {
          await this.drain(connection);
          await this.prune(connection);
          const outcome = await this.goIdle(connection);
          waitMs =
            outcome === 'idle'
              ? this.idlePollIntervalMs
              : outcome === 'busy'
                ? this.busyPollIntervalMs
                : 0;
        }
        this.failures = 0;
      } catch (error) {
        if (this.stopping) break;
        this.failures++;
        this.logger.warn(errorFields(error), 'outbox relay failed; retrying');
        // A broker failure keeps the connection (and the lead); a database failure drops it.
        if (connection && !(await this.alive(connection))) {
          await this.disconnect().catch(() => undefined);
        }
      }
      if (this.metrics && connection && !connection.lost) {
        // At most once a poll interval: a busy relay loops far more often than that.
        const now = Date.now();
        if (now - this.lastBacklogReport >= Math.min(this.pollIntervalMs, 1_000)) {
          this.lastBacklogReport = now;
          await this.reportBacklog(connection).catch(() => undefined);
        }
      }
      if (this.stopping) break;
      if (waitMs === 0 && !this.failures) continue;
      await this.wake.wait(
        this.failures ? retryDelayMs(this.failures, this.pollIntervalMs) : waitMs,
      );
    }
  }

  /**
   * Takes the idle lock if no producer is mid-transaction, then looks for rows once more in a
   * new statement (so with a snapshot taken after the lock): 'idle' (nothing to do; producers
   * now notify), 'pending' (rows came; the lock is let go again) or 'busy' (a producer holds
   * the lock shared: its rows are about to commit and no notification will announce them).
   */
  private async goIdle(connection: Connection): Promise<IdleOutcome> {
    const { runner } = connection;
    // A notification from here on means rows the last look may not see.
    this.wake.reset();
    const [lock]: { ok: boolean }[] = await runner.query(
      'SELECT pg_try_advisory_lock($1, $2) AS ok',
      [...RELAY_IDLE_LOCK],
    );
    if (!lock.ok) return 'busy';
    connection.idle = true;
    const [row]: { pending: boolean }[] = await runner.query(
      'SELECT EXISTS (SELECT 1 FROM outbox WHERE published_at IS NULL) AS pending',
    );
    if (!row.pending) return 'idle';
    await this.leaveIdle(connection);
    return 'pending';
  }

  private async leaveIdle(connection: Connection): Promise<void> {
    await connection.runner.query('SELECT pg_advisory_unlock($1, $2)', [...RELAY_IDLE_LOCK]);
    connection.idle = false;
  }

  private async alive(connection: Connection): Promise<boolean> {
    if (connection.lost || connection.runner.isReleased) return false;
    try {
      await connection.runner.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Publishes every unpublished row, oldest first, a batch at a time, until a look finds none.
   * A published batch is marked in the same round trip as the next look (so a busy relay
   * takes two round trips a batch: the look and the append), and the look leaves those rows
   * out, since its snapshot predates the mark. At-least-once: a crash before the mark
   * publishes the batch again, which consumers' inboxes absorb.
   */
  private async drain(connection: Connection): Promise<void> {
    const { runner } = connection;
    let published: string[] = [];
    for (;;) {
      if (this.stopping || connection.lost) break;
      // Later notifications mean rows this pass may not see: they make the next wait() return.
      this.wake.reset();
      const rows: OutboxRow[] = await runner.query(
        `WITH marked AS (
           UPDATE outbox SET published_at = now() WHERE seq = ANY($2::bigint[])
         )
         SELECT seq, topic, key, envelope FROM outbox
          WHERE published_at IS NULL AND seq <> ALL($2::bigint[]) ORDER BY seq LIMIT $1`,
        [this.batchSize, published],
      );
      published = [];
      if (rows.length === 0) return;
      const records: OutgoingRecord[] = rows.map((row) => ({
        topic: row.topic,
        key: row.key,
        envelope: row.envelope,
      }));
      await this.broker.publish(records);
      published = rows.map((row) => row.seq);
    }
    if (published.length > 0 && !connection.lost) {
      await runner.query('UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])', [
        published,
      ]);
    }
  }

  private async prune(connection: Connection): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await connection.runner.query(
      `DELETE FROM outbox WHERE published_at < now() - make_interval(secs => $1)`,
      [this.retainPublishedMs / 1000],
    );
    await connection.runner.query(
      `DELETE FROM inbox WHERE handled_at < now() - make_interval(secs => $1)`,
      [this.retainInboxMs / 1000],
    );
  }

  private async reportBacklog(connection: Connection): Promise<void> {
    const [row]: { backlog: number; age: number }[] = await connection.runner.query(
      `SELECT count(*)::int AS backlog,
              coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age
         FROM outbox WHERE published_at IS NULL`,
    );
    this.metrics?.outboxBacklog.set(row.backlog);
    this.metrics?.outboxOldestAge.set(row.age);
  }

  private async tryLead(connection: Connection): Promise<boolean> {
    const [row]: { ok: boolean }[] = await connection.runner.query(
      'SELECT pg_try_advisory_lock($1) AS ok',
      [RELAY_LOCK_KEY],
    );
    return row.ok;
  }

  /** A dedicated connection: it listens, and the leadership lock lives as long as it does. */
  private async connect(): Promise<Connection> {
    if (this.connection && !this.connection.lost) return this.connection;
    const runner = this.dataSource.createQueryRunner();
    const connection: Connection = { runner, lost: false, leader: false, idle: false };
    try {
      const client = (await runner.connect()) as PoolClient;
      client.on('notification', (message) => {
        if (message.channel === OUTBOX_CHANNEL) this.wake.notify();
      });
      client.on('error', () => {
        connection.lost = true;
        this.wake.notify();
      });
      await runner.query(`LISTEN ${OUTBOX_CHANNEL}`);
      // Its only writes are the marks of published rows (and pruning): a mark lost to a server
      // crash publishes the rows again, which consumers' inboxes absorb. So its commits do not
      // wait for the WAL flush; the producers' and the log's commits still do.
      await runner.query('SET synchronous_commit = off');
    } catch (error) {
      await runner.release().catch(() => undefined);
      throw error;
    }
    this.connection = connection;
    return connection;
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (!connection || connection.runner.isReleased) return;
    connection.lost = true;
    // Released with an error, the pool destroys the client instead of reusing it, so LISTEN
    // and the leadership lock end with it rather than lingering on a pooled connection.
    const runner = connection.runner as QueryRunner & {
      releasePostgresConnection?: (error: Error) => Promise<void>;
    };
    if (runner.releasePostgresConnection) {
      await runner.releasePostgresConnection(new Error('outbox relay connection closed'));
    } else {
      await runner
        .query('UNLISTEN *; SELECT pg_advisory_unlock_all(); RESET synchronous_commit')
        .catch(() => undefined);
      await runner.release();
    }
  }
}
