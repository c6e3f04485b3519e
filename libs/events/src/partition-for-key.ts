// Kafka's murmur2 (the Java client's and kafkajs' default partitioner), so a key lands on the
// same partition number whichever broker runs underneath.
const SEED = 0x9747b28c;
const M = 0x5bd1e995;
const R = 24;

export function murmur2(key: string | Buffer): number {
  const data = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
  const length = data.length;
  let h = SEED ^ length;
  const whole = length - (length % 4);
  for (let i = 0; i < whole; i += 4) {
    let k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    k = Math.imul(k, M);
    k ^= k >>> R;
    k = Math.imul(k, M);
    h = Math.imul(h, M);
    h ^= k;
  }
  const remaining = length % 4;
  if (remaining === 3) h ^= data[whole + 2] << 16;
  if (remaining >= 2) h ^= data[whole + 1] << 8;
  if (remaining >= 1) {
    h ^= data[whole];
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

/** The partition of a key: stable across processes and restarts. */
export function partitionForKey(key: string, partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1) {
    throw new RangeError(`partitions must be a positive integer, got ${partitions}`);
  }
  return (murmur2(key) & 0x7fffffff) % partitions;
}
