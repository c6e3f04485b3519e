import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER_FIRST_RENDER, routeModules, SCREEN_MODULES } from '../../screen-modules';
import { screenLoader } from '../shared/lazy-screen';
import { ROUTE_SCREENS } from './route-screens';

const APP_ROOT = join(__dirname, '../..');

describe('the routes whose screens load before the first render', () => {
  it('names, for every screen, a source the build has', () => {
    for (const { path, modules } of routeModules()) {
      expect(modules.length).toBeGreaterThan(0);
      for (const module of modules)
        expect([path, existsSync(join(APP_ROOT, module))]).toEqual([path, true]);
    }
  });

  it('preloads what loads after the first render only on routes the table has, after the screens', () => {
    const modules = new Map(routeModules().map(({ path, modules }) => [path, modules]));
    for (const [path, after] of Object.entries(AFTER_FIRST_RENDER)) {
      expect([path, path in ROUTE_SCREENS]).toEqual([path, true]);
      expect(modules.get(path)!.slice(-after.length)).toEqual(after);
    }
  });

  it('gives each screen name the module its lazyScreen loads', async () => {
    // The app's module declares the first screens; the screens' route table the rest.
    await import('./app');
    for (const screens of Object.values(ROUTE_SCREENS)) {
      for (const name of screens) {
        const load = screenLoader(name);
        expect([name, typeof load]).toEqual([name, 'function']);
        const component = await load!();
        const module = (await import(join(APP_ROOT, SCREEN_MODULES[name]!))) as Record<
          string,
          unknown
        >;
        expect([name, Object.values(module).includes(component)]).toEqual([name, true]);
      }
    }
  });

  it('fails the build for a screen without a module', () => {
    const known = { ...SCREEN_MODULES };
    delete SCREEN_MODULES['faq'];
    try {
      expect(() => routeModules()).toThrow('route /faq: screen "faq" has no module');
    } finally {
      Object.assign(SCREEN_MODULES, known);
    }
  });
});
