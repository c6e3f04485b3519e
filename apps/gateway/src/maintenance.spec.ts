import { ApolloServer } from '@apollo/server';
import express from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthUser, TokenVerifier } from '@jibs/auth';
import { ErrorCode, Messages, Role } from '@jibs/domain';
import { loadCatalogue } from '@jibs/i18n';
import type { Logger } from '@jibs/observability';
import { gatewayHeaders } from '@jibs/subgraph';
import {
  identityMaintenanceSource,
  MaintenanceFlag,
  maintenancePlugin,
  maintenanceRefreshPlugin,
} from './maintenance';
import { maintenancePage } from './maintenance-page';
import { securityHeaders } from './security-headers';
import type { GatewayContext } from './subgraph-data-source';

const typeDefs = `
  type Query { publicSettings: String, me: String, myPayments: String, siteSettings: String }
  type Mutation { signIn: String, updateProfile: String }
`;
const resolvers = {
  Query: {
    publicSettings: () => 'settings',
    me: () => 'me',
    myPayments: () => 'payments',
    siteSettings: () => 'site',
  },
  Mutation: { signIn: () => 'signed in', updateProfile: () => 'updated' },
};

const users: Record<string, AuthUser> = {
  admin: { id: 'a', role: Role.ADMIN, email: 'admin@example.org' },
  member: { id: 'm', role: Role.MEMBER, email: 'member@example.org' },
};
const verifyToken: TokenVerifier = async (token) => {
  const user = users[token];
  if (!user) throw new Error('bad token');
  return user;
};

describe('maintenance mode at the gateway', () => {
  const flag = { on: true };
  const server = new ApolloServer<GatewayContext>({
    typeDefs,
    resolvers,
    plugins: [maintenancePlugin(flag, verifyToken)],
  });

  beforeAll(() => server.start());
  afterAll(() => server.stop());

  const run = async (query: string, token?: string) => {
    const response = await server.executeOperation(
      { query },
      {
        contextValue: {
          req: { headers: token ? { authorization: `Bearer ${token}` } : {} },
          res: { append: () => undefined },
          requestId: 'r',
        },
      },
    );
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult;
  };

  it('answers members and anonymous callers MAINTENANCE with the notice, running nothing', async () => {
    for (const token of ['member', undefined]) {
      const result = await run('{ myPayments }', token);
      expect(result.data).toBeUndefined();
      expect(result.errors).toEqual([
        expect.objectContaining({
          message: Messages.maintenance,
          extensions: expect.objectContaining({ code: ErrorCode.Maintenance }),
        }),
      ]);
    }
    const mutation = await run('mutation { updateProfile }', 'member');
    expect(mutation.errors?.[0]?.extensions?.['code']).toBe(ErrorCode.Maintenance);
  });

  it('lets anyone read the public settings and sign in, so the notice shows and admins get in', async () => {
    expect((await run('{ publicSettings me }')).data).toEqual({
      publicSettings: 'settings',
      me: 'me',
    });
    expect((await run('mutation { signIn }')).data).toEqual({ signIn: 'signed in' });
    // An open field does not carry a closed one through.
    const mixed = await run('{ publicSettings myPayments }', 'member');
    expect(mixed.errors?.[0]?.extensions?.['code']).toBe(ErrorCode.Maintenance);
  });

  it('lets admins keep working', async () => {
    expect((await run('{ siteSettings myPayments }', 'admin')).data).toEqual({
      siteSettings: 'site',
      myPayments: 'payments',
    });
  });

  it('answers an invalid token UNAUTHENTICATED, so the client renews it', async () => {
    const result = await run('{ myPayments }', 'forged');
    expect(result.errors?.[0]?.extensions?.['code']).toBe(ErrorCode.Unauthenticated);
  });

  it('changes nothing while maintenance is off', async () => {
    flag.on = false;
    try {
      expect((await run('{ myPayments }')).data).toEqual({ myPayments: 'payments' });
      expect((await run('{ myPayments }', 'forged')).data).toEqual({ myPayments: 'payments' });
    } finally {
      flag.on = true;
    }
  });
});

describe('the maintenance flag', () => {
  let identity: Server;
  let url: string;
  let answer: { status: number; body: unknown };
  const seen: { secret?: string }[] = [];

  beforeAll(async () => {
    const secret = 's'.repeat(32);
    const [header] = Object.keys(gatewayHeaders(secret));
    identity = createServer((req, res) => {
      seen.push({ secret: req.headers[header!] as string | undefined });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(identity.address() as AddressInfo).port}/graphql`;
  });

  afterAll(() => new Promise<void>((resolve) => identity.close(() => resolve())));

  const settings = (maintenanceMode: boolean) => ({
    status: 200,
    body: { data: { publicSettings: { maintenanceMode } } },
  });

  it("follows identity's publicSettings, read with the gateway's credential", async () => {
    const flag = new MaintenanceFlag(identityMaintenanceSource(url, 's'.repeat(32)));
    expect(flag.on).toBe(false);
    answer = settings(true);
    await flag.refresh();
    expect(flag.on).toBe(true);
    expect(seen.at(-1)?.secret).toBe('s'.repeat(32));
    answer = settings(false);
    await flag.refresh();
    expect(flag.on).toBe(false);
  });

  it('keeps the last value while identity fails or cannot be reached', async () => {
    const flag = new MaintenanceFlag(identityMaintenanceSource(url, 's'.repeat(32)));
    answer = settings(true);
    await flag.refresh();
    answer = { status: 503, body: { errors: [{ message: 'not ready' }] } };
    await flag.refresh();
    expect(flag.on).toBe(true);
    // One warning per outage, not one per read.
    const logger = { warn: jest.fn(), info: jest.fn() };
    const flaky = new MaintenanceFlag(identityMaintenanceSource(url, 's'.repeat(32)), {
      logger: logger as unknown as Logger,
    });
    await flaky.refresh();
    await flaky.refresh();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    answer = settings(false);
    await flaky.refresh();
    answer = { status: 503, body: {} };
    await flaky.refresh();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    const unreachable = new MaintenanceFlag(
      identityMaintenanceSource('http://127.0.0.1:1/graphql', 's'.repeat(32)),
    );
    await unreachable.refresh();
    expect(unreachable.on).toBe(false);
  });

  it('re-reads in the background until stopped', async () => {
    let reads = 0;
    const flag = new MaintenanceFlag(
      async () => {
        reads += 1;
        return reads > 1;
      },
      { refreshMs: 10 },
    );
    flag.start();
    try {
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (flag.on) {
            clearInterval(poll);
            resolve();
          }
        }, 5);
      });
    } finally {
      flag.stop();
    }
    const after = reads;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(reads).toBe(after);
  });
});

describe('the maintenance page', () => {
  const flag = { on: true };
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const app = express();
    app.use(...securityHeaders({ connectSources: [] }));
    app.use(maintenancePage(flag));
    app.use((_req, res) => {
      res.status(404).send('next');
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('shows the notice while maintenance is on, as a temporary outage', async () => {
    flag.on = true;
    const response = await fetch(`${origin}/maintenance`, { redirect: 'manual' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(Messages.maintenance);
    expect(html).toContain('href="/login"');
    // Its one <style> carries the nonce its CSP allows (no 'unsafe-inline').
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '');
    expect(html.match(/<style[^>]*>/g)).toEqual([`<style nonce="${nonce?.[1]}">`]);
  });

  it("speaks the reader's language: their cookie, else their browser's, else English", async () => {
    flag.on = true;
    const [ar, ur] = await Promise.all([loadCatalogue('ar'), loadCatalogue('ur')]);
    const read = async (headers: Record<string, string>) => {
      const response = await fetch(`${origin}/maintenance`, { headers, redirect: 'manual' });
      expect(response.status).toBe(503);
      return response.text();
    };
    const arabic = await read({ cookie: 'lang=ar', 'accept-language': 'ur' });
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain(ar.t('Messages', 'maintenance'));
    expect(arabic).toContain(ar.t('MaintenancePageMessages', 'heading'));
    expect(arabic).not.toContain(Messages.maintenance);
    const urdu = await read({ 'accept-language': 'ur-PK,en;q=0.5' });
    expect(urdu).toContain('<html lang="ur" dir="rtl">');
    expect(urdu).toContain(ur.t('MaintenancePageMessages', 'adminSignIn'));
    const english = await read({ cookie: 'lang=xx', 'accept-language': 'fr' });
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain(Messages.maintenance);
  });

  it('sends visitors back to the site once maintenance is off', async () => {
    flag.on = false;
    const response = await fetch(`${origin}/maintenance`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('sends page loads of the member site to the notice, leaving sign-in, the console and files', async () => {
    flag.on = true;
    const page = (path: string, accept = 'text/html,application/xhtml+xml') =>
      fetch(`${origin}${path}`, { redirect: 'manual', headers: { accept } });
    for (const path of ['/', '/dashboard', '/register']) {
      const response = await page(path);
      expect([path, response.status, response.headers.get('location')]).toEqual([
        path,
        302,
        '/maintenance',
      ]);
    }
    for (const path of [
      '/login',
      '/admin',
      '/admin/settings',
      '/admin-api/diagnostics',
      '/assets/index-abc.js',
    ]) {
      expect([path, await (await page(path)).text()]).toEqual([path, 'next']);
    }
    expect(await (await page('/dashboard', 'application/json')).text()).toBe('next');
    expect(await (await page('/dashboard', '*/*')).text()).toBe('next');
  });

  it('leaves every page alone while maintenance is off', async () => {
    flag.on = false;
    const response = await fetch(`${origin}/dashboard`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(await response.text()).toBe('next');
  });
});

describe('the maintenance flag after a settings change through the gateway', () => {
  let identityFlag = false;
  let reads = 0;
  const flag = new MaintenanceFlag(async () => {
    reads += 1;
    return identityFlag;
  });
  const server = new ApolloServer<GatewayContext>({
    typeDefs: `
      type Query { siteSettings: String }
      type Mutation { updateSiteSettings(fail: Boolean): String, updateProfile: String }
    `,
    resolvers: {
      Query: { siteSettings: () => 'site' },
      Mutation: {
        updateSiteSettings: (_: unknown, { fail }: { fail?: boolean }) => {
          if (fail) throw new Error('refused');
          identityFlag = !identityFlag;
          return 'saved';
        },
        updateProfile: () => 'updated',
      },
    },
    plugins: [maintenanceRefreshPlugin(flag)],
  });

  beforeAll(() => server.start());
  afterAll(() => server.stop());

  const run = (query: string) =>
    server.executeOperation(
      { query },
      {
        contextValue: {
          req: { headers: {} },
          res: { append: () => undefined },
          requestId: 'r',
        },
      },
    );

  it('is read again before the answer to a successful settings change goes out', async () => {
    await run('mutation { updateSiteSettings }');
    expect([reads, flag.on]).toEqual([1, true]);
    await run('mutation { updateSiteSettings }');
    expect([reads, flag.on]).toEqual([2, false]);
  });

  it('is not read after other operations or a settings change that failed', async () => {
    const before = reads;
    await run('{ siteSettings }');
    await run('mutation { updateProfile }');
    await run('mutation { updateSiteSettings(fail: true) }');
    expect(reads).toBe(before);
    expect(flag.on).toBe(false);
  });
});
