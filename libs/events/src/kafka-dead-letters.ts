import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import { deadLetterId, isDeadLetterTopic, type StoredDeadLetter } from './dead-letter';

export interface KafkaDeadLetterSource {
  readonly kafka: Kafka;
  readonly topicPrefix: string;
  connectedAdmin(): Promise<Admin>;
  unprefixed(topicName: string): string;
  groupId(group: string): string;
}

/** How long one read of the dead-letter topics may take before it gives up. */
const READ_TIMEOUT_MS = 30_000;

/**
 * Reads every message of the cluster's `<topic>.dlq` topics (this environment's prefix) up to
 * their end as it was when the read began. A throwaway consumer group that commits nothing and
 * is deleted afterwards: Kafka reads partitions only through a group, and the groups that
 * consume events never subscribe to dead-letter topics.
 */
export async function readKafkaDeadLetters(
  source: KafkaDeadLetterSource,
): Promise<StoredDeadLetter[]> {
  const admin = await source.connectedAdmin();
  const topics = (await admin.listTopics()).filter(
    (name) => name.startsWith(source.topicPrefix) && isDeadLetterTopic(name),
  );
  // The end of each partition now: the read stops there.
  const pending = new Map<string, bigint>();
  for (const topic of topics) {
    for (const { partition, offset, low } of await admin.fetchTopicOffsets(topic)) {
      if (BigInt(offset) > BigInt(low)) pending.set(`${topic}:${partition}`, BigInt(offset));
    }
  }
  if (pending.size === 0) return [];

  const groupId = source.groupId(`jibs.dead-letter-reader.${randomUUID()}`);
  const consumer = source.kafka.consumer({ groupId, allowAutoTopicCreation: false });
  const found: Array<StoredDeadLetter & { order: number }> = [];
  try {
    await consumer.connect();
    await consumer.subscribe({
      topics: [...new Set([...pending.keys()].map((key) => key.slice(0, key.lastIndexOf(':'))))],
      fromBeginning: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('Reading the Kafka dead-letter topics timed out')),
        READ_TIMEOUT_MS,
      );
      const done = () => {
        if (pending.size > 0) return;
        clearTimeout(timer);
        resolve();
      };
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ topic, partition, message }) => {
            const key = `${topic}:${partition}`;
            const end = pending.get(key);
            if (end === undefined) return;
            const offset = BigInt(message.offset);
            if (offset < end) {
              found.push({
                id: deadLetterId(source.unprefixed(topic), partition, message.offset),
                key: message.key?.toString() ?? '',
                value: parse(message.value?.toString() ?? ''),
                order: Number(message.timestamp),
              });
            }
            if (offset + 1n >= end) pending.delete(key);
            done();
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await admin.deleteGroups([groupId]).catch(() => undefined);
  }
  return found
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id))
    .map(({ order: _order, ...letter }) => letter);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Every consumer group's lag on this environment's topics, from the cluster's committed
 * offsets: true for a group whose consumers are all stopped too. The dead-letter topics have
 * no consumer, and the dead-letter readers' throwaway groups are left out.
 */
export async function readKafkaConsumerLag(
  source: KafkaDeadLetterSource,
): Promise<Array<{ group: string; topic: string; lag: number }>> {
  const admin = await source.connectedAdmin();
  const { groups } = await admin.listGroups();
  const ours = groups
    .map(({ groupId }) => groupId)
    .filter((id) => id.startsWith(source.topicPrefix))
    .filter((id) => !id.includes('jibs.dead-letter-reader.'));
  const ends = new Map<string, Array<{ partition: number; high: string; low: string }>>();
  const lags: Array<{ group: string; topic: string; lag: number }> = [];
  for (const groupId of ours) {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
      if (isDeadLetterTopic(topic) || !topic.startsWith(source.topicPrefix)) continue;
      let topicEnds = ends.get(topic);
      if (!topicEnds) {
        topicEnds = await admin.fetchTopicOffsets(topic);
        ends.set(topic, topicEnds);
      }
      const done = new Map(partitions.map((p) => [p.partition, Number(p.offset)]));
      const lag = topicEnds.reduce((sum, end) => {
        const next = done.get(end.partition) ?? -1;
        return sum + Number(end.high) - (next >= 0 ? next : Number(end.low));
      }, 0);
      lags.push({
        group: groupId.slice(source.topicPrefix.length),
        topic: source.unprefixed(topic),
        lag,
      });
    }
  }
  return lags;
}
