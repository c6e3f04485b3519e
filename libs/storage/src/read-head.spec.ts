import { Readable } from 'node:stream';
import { readHead } from './read-head';

describe('readHead', () => {
  it('reads only what it needs from an endless body and closes it', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 4;
        this.push(Buffer.from([1, 2, 3, 4]));
      },
    });

    const head = await readHead(endless, 16);

    expect([...head]).toEqual([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(1024);
  });

  it('cuts a larger first chunk to the limit', async () => {
    const head = await readHead(Readable.from([Buffer.alloc(1024, 7)]), 16);
    expect(head).toHaveLength(16);
  });

  it('returns what there is when the body is shorter, and nothing without a body', async () => {
    expect([...(await readHead(Readable.from([Buffer.from('%PDF')]), 16))]).toEqual([
      0x25, 0x50, 0x44, 0x46,
    ]);
    expect(await readHead(undefined, 16)).toHaveLength(0);
  });
});
