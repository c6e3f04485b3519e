import { kafkaClusterId } from './local-kafka';

describe("a local broker's cluster id", () => {
  it('is 16 bytes in base64url, as Kafka makes them', () => {
    const id = kafkaClusterId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);
  });

  it('never starts with "-", which the storage tool would read as an option', () => {
    // 0xf8 as the first byte encodes as "-" first in base64url.
    const draws = [Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0x01)];
    const random = jest.fn(() => draws.shift()!);
    expect(Buffer.alloc(16, 0xf8).toString('base64url')).toMatch(/^-/);
    expect(kafkaClusterId(random)).toBe(Buffer.alloc(16, 0x01).toString('base64url'));
    expect(random).toHaveBeenCalledTimes(3);
  });
});
