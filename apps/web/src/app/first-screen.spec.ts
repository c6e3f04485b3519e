import { lazyScreen } from '../shared/lazy-screen';
import { loadFirstScreen } from './first-screen';

describe("loadFirstScreen: the opened route's screen before the first render", () => {
  it('loads the screens the route table names for the path, and nothing for other paths', async () => {
    const load = jest.fn(async () => ({ Faq: () => null }));
    lazyScreen('faq', load, (m) => m.Faq);
    await loadFirstScreen('/nowhere');
    expect(load).not.toHaveBeenCalled();
    // (A short wait: its timer outlives the test, and jest waits for it at the end.)
    await loadFirstScreen('/faq', 100);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits no longer than it is told for a chunk that does not come, nor for one that fails', async () => {
    lazyScreen(
      'contact',
      () => new Promise<never>(() => {}),
      () => () => null,
    );
    const started = Date.now();
    await loadFirstScreen('/contact', 50);
    expect(Date.now() - started).toBeLessThan(1000);
    lazyScreen(
      'login',
      () => Promise.reject(new Error('dropped')),
      () => () => null,
    );
    const failing = Date.now();
    await expect(loadFirstScreen('/login', 1_000)).resolves.toBeUndefined();
    expect(Date.now() - failing).toBeLessThan(1_000);
  });
});
