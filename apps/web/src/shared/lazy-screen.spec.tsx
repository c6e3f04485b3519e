import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyScreen, preloadable, preloadScreens } from './lazy-screen';

function Words() {
  return <p>the page&apos;s words</p>;
}

const inBoundary = (Screen: ComponentType) =>
  renderToString(
    <Suspense fallback={<i>loading</i>}>
      <Screen />
    </Suspense>,
  );

describe('lazyScreen: a lazy route screen that renders at once once preloaded', () => {
  it('suspends like React.lazy while its chunk is not in', () => {
    const Screen = lazyScreen(
      'spec-not-loaded',
      () => new Promise<never>(() => {}),
      () => Words,
    );
    expect(inBoundary(Screen)).toContain('loading');
  });

  it('renders its words in the first render once preloadScreens has loaded it', async () => {
    const load = jest.fn(async () => ({ Words }));
    const Screen = lazyScreen('spec-loaded', load, (m) => m.Words);
    await preloadScreens(['spec-loaded']);
    const html = inBoundary(Screen);
    expect(html).toContain('the page&#x27;s words');
    expect(html).not.toContain('loading');
    // One load, however often it is asked for.
    await preloadScreens(['spec-loaded', 'spec-loaded']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads in order, skips names no screen has, and asks again after a failed load', async () => {
    const order: string[] = [];
    let fail = true;
    lazyScreen(
      'spec-first',
      async () => {
        order.push('first');
        if (fail) throw new Error('connection dropped');
        return { Words };
      },
      (m) => m.Words,
    );
    lazyScreen(
      'spec-second',
      async () => {
        order.push('second');
        return { Words };
      },
      (m) => m.Words,
    );
    await expect(preloadScreens(['spec-first', 'spec-second'])).rejects.toThrow(
      'connection dropped',
    );
    expect(order).toEqual(['first']);
    fail = false;
    await preloadScreens(['spec-first', 'no-such-screen', 'spec-second']);
    expect(order).toEqual(['first', 'first', 'second']);
  });
});

describe('preloadable: a lazy part with props', () => {
  function Named({ name }: { name: string }) {
    return <p>in memory of {name}</p>;
  }

  it('suspends until loaded, then renders with its props in the first render', async () => {
    const load = jest.fn(async () => ({ Named }));
    const part = preloadable(load, (m) => m.Named);
    const render = () =>
      renderToString(
        <Suspense fallback={<i>loading</i>}>
          <part.Component name="Amina" />
        </Suspense>,
      );
    expect(render()).toContain('loading');
    await part.preload();
    expect(render()).toContain('in memory of <!-- -->Amina');
    expect(render()).not.toContain('loading');
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
