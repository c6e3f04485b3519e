import { randomUUID } from 'node:crypto';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { murmur2, partitionForKey } from './partition-for-key';

describe('murmur2', () => {
  // Vectors from the Java Kafka client's own tests (UtilsTest.testMurmur2).
  it.each([
    ['21', -973932308],
    ['foobar', -790332482],
    ['a-little-bit-long-string', -985981536],
    ['a-little-bit-longer-string', -1486304829],
    ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
    ['abc', 479470107],
  ])('hashes %j like the Java client', (key, expected) => {
    expect(murmur2(key)).toBe(expected);
  });
});

describe('partitionForKey', () => {
  it('puts a key on the partition kafkajs’ default partitioner chooses', () => {
    const partitioner = Partitioners.DefaultPartitioner();
    for (const partitions of [1, 3, 8, 12]) {
      const partitionMetadata = Array.from(
        { length: partitions },
        (_, partitionId): PartitionMetadata => ({
          partitionErrorCode: 0,
          partitionId,
          leader: 0,
          replicas: [0],
          isr: [0],
        }),
      );
      for (let i = 0; i < 500; i++) {
        const key = i % 2 ? randomUUID() : `user-${i}-ü`;
        expect(partitionForKey(key, partitions)).toBe(
          partitioner({ topic: 't', partitionMetadata, message: { key, value: null } }),
        );
      }
    }
  });

  it('is stable and spreads keys over every partition', () => {
    const counts = new Array(8).fill(0);
    for (let i = 0; i < 8_000; i++) {
      const key = randomUUID();
      const partition = partitionForKey(key, 8);
      expect(partitionForKey(key, 8)).toBe(partition);
      counts[partition]++;
    }
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });

  it('refuses a partition count that is not a positive integer', () => {
    expect(() => partitionForKey('k', 0)).toThrow(RangeError);
    expect(() => partitionForKey('k', 2.5)).toThrow(RangeError);
  });
});
