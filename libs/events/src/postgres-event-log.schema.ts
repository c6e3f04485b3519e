import { murmur2 } from './partition-for-key';

/** NOTIFY channel for appends; payload `<partition>:<topic>`. */
export const APPEND_CHANNEL = 'jibs_eventlog_append';
/** NOTIFY channel for group membership changes; payload: the group. */
export const REBALANCE_CHANNEL = 'jibs_eventlog_rebalance';

/**
 * The eventlog database. One table holds every topic's log, keyed by (topic, partition, offset);
 * `event_partitions.next_offset` is the head each append locks, so offsets become visible in
 * order and a consumer reading `offset >= n` never skips one. Idempotent: every broker runs it
 * on first connect, serialised by a transaction-level advisory lock.
 */
export const EVENT_LOG_DDL = `
CREATE TABLE IF NOT EXISTS event_topics (
  topic text PRIMARY KEY,
  partitions integer NOT NULL CHECK (partitions > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS event_partitions (
  topic text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (topic, partition)
);
CREATE TABLE IF NOT EXISTS event_log (
  topic text NOT NULL,
  partition integer NOT NULL,
  "offset" bigint NOT NULL,
  key text NOT NULL,
  envelope jsonb NOT NULL,
  appended_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, partition, "offset")
);
CREATE TABLE IF NOT EXISTS event_consumer_offsets (
  group_id text NOT NULL,
  topic text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, topic, partition)
);
CREATE TABLE IF NOT EXISTS event_consumer_members (
  group_id text NOT NULL,
  member_id text NOT NULL,
  client text NOT NULL,
  topics text[] NOT NULL,
  partitions jsonb NOT NULL DEFAULT '{}',
  joined_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, member_id)
);
`;

/** Serialises the DDL above across brokers starting at the same moment. */
export const SCHEMA_LOCK_KEY = 0x6a696273; // "jibs"

/**
 * Advisory-lock key pair (two int4) for a name: the first half names the namespace, the second
 * the item. Members lock (`member|group|topic`, member hash) to count as live; a partition is
 * owned by whoever holds (`partition|group|topic`, partition).
 */
export function lockNamespace(kind: 'member' | 'partition', group: string, topic: string): number {
  return murmur2(`${kind}|${group}|${topic}`);
}

/** pg_locks shows the first key as an unsigned oid. */
export function asOid(key: number): string {
  return String(key >>> 0);
}
