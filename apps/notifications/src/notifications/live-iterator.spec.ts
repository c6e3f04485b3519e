import { EventEmitter, on } from 'node:events';
import { mapIterator, withReplay } from './live-iterator';

describe('live iterators', () => {
  it('replays missed items, then live ones, without duplicates', async () => {
    const emitter = new EventEmitter();
    const live = mapIterator(on(emitter, 'n'), ([value]) => value as { id: string });
    const iterator = withReplay(
      Promise.resolve([{ id: 'a' }, { id: 'b' }]),
      live,
      (item) => item.id,
    );
    emitter.emit('n', { id: 'b' });
    emitter.emit('n', { id: 'c' });
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push((await iterator.next()).value?.id);
    expect(seen).toEqual(['a', 'b', 'c']);
    await iterator.return?.();
  });

  it('stops a waiting subscriber at once and removes its listener', async () => {
    const emitter = new EventEmitter();
    const iterator = withReplay(
      Promise.resolve([]),
      mapIterator(on(emitter, 'n'), ([v]) => v as { id: string }),
      (i) => i.id,
    );
    const waiting = iterator.next();
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitter.listenerCount('n')).toBe(1);
    await iterator.return?.();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(emitter.listenerCount('n')).toBe(0);
  });
});
