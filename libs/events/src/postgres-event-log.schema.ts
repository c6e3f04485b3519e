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
-- Whether a consumer of the partition is idle, waiting for a notification: appends notify
-- only then (a NOTIFY serialises commits cluster-wide), and clear it.
ALTER TABLE event_partitions ADD COLUMN IF NOT EXISTS waiting boolean NOT NULL DEFAULT true;
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
CREATE OR REPLACE FUNCTION jibs_eventlog_append(
  p_topics text[], p_partitions integer[], p_keys text[], p_envelopes jsonb[]
) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  wanted integer;
  locked integer;
  wake text[];
BEGIN
  SELECT count(*) INTO wanted
    FROM (SELECT DISTINCT t, pt FROM unnest(p_topics, p_partitions) AS u(t, pt)) AS heads;
  -- The partition heads, locked in a fixed order, so concurrent appends cannot deadlock; and
  -- those with an idle consumer waiting to be told.
  SELECT count(*), array_agg(l.head) FILTER (WHERE l.waiting) INTO locked, wake
    FROM (SELECT h.partition || ':' || h.topic AS head, h.waiting FROM event_partitions h
           WHERE (h.topic, h.partition) IN (SELECT t, pt FROM unnest(p_topics, p_partitions) AS u(t, pt))
           ORDER BY h.topic, h.partition FOR UPDATE) AS l;
  IF locked <> wanted THEN
    RAISE EXCEPTION 'a partition is missing from the eventlog';
  END IF;
  -- A new statement sees the heads as they are once locked: offsets follow in input order.
  WITH rows AS (
    SELECT t AS topic, pt AS partition, k AS key, e AS envelope,
           row_number() OVER (PARTITION BY t, pt ORDER BY n) - 1 AS idx
      FROM unnest(p_topics, p_partitions, p_keys, p_envelopes) WITH ORDINALITY AS u(t, pt, k, e, n)
  ), appended AS (
    INSERT INTO event_log (topic, partition, "offset", key, envelope)
    SELECT r.topic, r.partition, h.next_offset + r.idx, r.key, r.envelope
      FROM rows r JOIN event_partitions h ON h.topic = r.topic AND h.partition = r.partition
    RETURNING topic, partition
  )
  UPDATE event_partitions h SET next_offset = h.next_offset + c.n, waiting = false
    FROM (SELECT topic, partition, count(*) AS n FROM appended GROUP BY topic, partition) AS c
   WHERE h.topic = c.topic AND h.partition = c.partition;
  -- Delivered at commit, and only to wake idle consumers (see PostgresGroupMember): a busy one
  -- looks again by itself.
  IF wake IS NOT NULL THEN
    PERFORM pg_notify('${APPEND_CHANNEL}', head) FROM unnest(wake) AS n(head);
  END IF;
END
$fn$;
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
