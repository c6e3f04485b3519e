// Issue 28's smaller holes, tried as an attacker would through the gateway of a whole stack:
// aliased introspection against the cost limit, the answers about memories and connections of a
// memorial one may not see, every page of both clients under a CSP without 'unsafe-inline'
// (Chromium reports any refused style), and a restore larger than a request may be.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DATA_EXPORT_VERSION, MAX_GRAPHQL_REQUEST_BYTES, RequestMessages } from '@jibs/domain';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi, userIdByEmail } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { registerAndPayFee, signInAsAdmin, signOut } from './support/web-flows';

const CREATE_MEMORIAL = `mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }`;
const INVITE = `mutation($m: ID!, $e: String!) { inviteToMemorial(memorialId: $m, email: $e, canEdit: true) { id } }`;
const ACCEPT = `mutation($m: ID!) { acceptMemorialInvitation(memorialId: $m) { id } }`;
const ADD_MEMORY = `mutation($m: ID!) { addMemory(memorialId: $m, input: { title: "T", content: "C" }) { id status } }`;
const QUEUE = `query($m: ID!) { moderationQueue(memorialId: $m) { id } }`;
const CONNECTIONS = `query($m: ID!) { memorialConnections(memorialId: $m) { id } }`;

/**
 * Every CSP violation in any page of `context`: Chromium logs each refused style or script
 * ('Refused to apply inline style…') and the pages report `securitypolicyviolation` too.
 */
async function cspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(
        `${location.href}: securitypolicyviolation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) {
      violations.push(`${message.page()?.url() ?? '?'}: ${text}`);
    }
  });
  return violations;
}

/**
 * Loads `path` and waits until it has rendered its main heading and Mantine's styles apply: the
 * `<style>` with the theme's CSS variables carries the page's nonce and took effect.
 */
async function visit(page: Page, stack: LocalStack, path: string): Promise<void> {
  try {
    await page.goto(`${stack.gatewayUrl}${path}`);
    await page.locator('h1, h2').first().waitFor({ timeout: 20_000 });
    const styles = await page.evaluate(() => ({
      variable: getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-body'),
      nonced: [...document.querySelectorAll('style')].every((style) => style.nonce !== ''),
    }));
    expect({ path, ...styles }).toEqual({
      path,
      variable: expect.stringMatching(/\S/),
      nonced: true,
    });
  } catch (error) {
    throw new Error(`visiting ${path}: ${(error as Error).message}`);
  }
}

jest.setTimeout(400_000);

describe('hardening: the smaller holes, through the gateway', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  const graphql = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('refuses 40 aliased copies of the schema by their cost', async () => {
    const copy = '__schema { types { name fields { name type { name } } } }';
    const one = await graphql({ query: `{ ${copy} }` });
    expect(one.status).toBe(200);
    const aliased = Array.from({ length: 40 }, (_, i) => `s${i}: ${copy}`).join(' ');
    const response = await graphql({ query: `{ ${aliased} }` });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body.length).toBeLessThan(1_000);
    expect(JSON.parse(body).errors).toEqual([
      expect.objectContaining({
        message: 'Query is too complex (cost 12880, max 1000)',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
  });

  it("answers a stranger's moderation of a private memorial's memory exactly like a missing one", async () => {
    const member = async () => {
      const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
      const input = aSignUp();
      const { user } = await signUpByApi(client, stack, input);
      await payRegistrationByApi(client, stack, user.id);
      return { client, email: String(input.email) };
    };
    const [creator, editor, stranger] = [await member(), await member(), await member()];
    const created = await creator.client.request<{ createMemorial: { id: string } }>(
      CREATE_MEMORIAL,
      { input: { fullName: 'Maryam Saleh', privacyLevel: 'PRIVATE' } },
    );
    const m = created.data!.createMemorial.id;
    expect((await creator.client.request(INVITE, { m, e: editor.email })).errors).toBeUndefined();
    expect((await editor.client.request(ACCEPT, { m })).errors).toBeUndefined();
    const added = await editor.client.request<{ addMemory: { id: string; status: string } }>(
      ADD_MEMORY,
      { m },
    );
    expect(added.data!.addMemory.status).toBe('PENDING');
    const memoryId = added.data!.addMemory.id;
    const connections = await creator.client.request<{ memorialConnections: { id: string }[] }>(
      CONNECTIONS,
      { m },
    );
    const connectionId = connections.data!.memorialConnections[0]!.id;

    const answer = async (query: string, id: string) => {
      const { status, data, errors } = await stranger.client.request(query, { id });
      return {
        status,
        data: data ?? null,
        errors: errors?.map(({ message, extensions }) => ({ message, extensions })),
      };
    };
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const query of [
      'mutation($id: ID!) { moderateMemory(id: $id, decision: APPROVED) { id status } }',
      'mutation($id: ID!) { moderateMemory(id: $id, decision: REJECTED) { id status } }',
    ]) {
      const real = await answer(query, memoryId);
      expect(real.errors).toEqual([
        {
          message: 'Memorial Not Found',
          extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
        },
      ]);
      expect(await answer(query, missing)).toEqual(real);
      expect(await answer(query, 'not-an-id')).toEqual(real);
    }
    const remove = 'mutation($id: ID!) { removeMemorialConnection(id: $id) }';
    const removal = await answer(remove, connectionId);
    expect(removal.errors?.[0]?.message).toBe('Memorial Not Found');
    expect(await answer(remove, missing)).toEqual(removal);

    // Nothing changed: the memory still waits, the connection is still there.
    const queue = await creator.client.request<{ moderationQueue: { id: string }[] }>(QUEUE, { m });
    expect(queue.data!.moderationQueue).toEqual([{ id: memoryId }]);
    const still = await creator.client.request<{ memorialConnections: { id: string }[] }>(
      CONNECTIONS,
      { m },
    );
    expect(still.data!.memorialConnections).toContainEqual({ id: connectionId });
  });

  it("a route's page preloads its screen's chunks, each served, with the page's nonce", async () => {
    for (const [path, screen] of [
      ['/login', /\/assets\/login-page-[\w-]+\.js$/],
      ['/faq', /\/assets\/faq-page-[\w-]+\.js$/],
      // The list of memorials loads after the first render, and its page preloads it too.
      ['/memorials', /\/assets\/memorials-list-[\w-]+\.js$/],
      ['/memorial/00000000-0000-4000-8000-000000000000', /\/assets\/memorial-page-[\w-]+\.js$/],
      // A memorial as shown loads beside its read, and its page preloads it.
      ['/memorial/00000000-0000-4000-8000-000000000000', /\/assets\/memorial-view-[\w-]+\.js$/],
    ] as const) {
      const res = await fetch(`${stack.gatewayUrl}${path}`, { headers: { accept: 'text/html' } });
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      const html = await res.text();
      const preloads = [
        ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" nonce="([^"]+)">/g),
      ];
      expect(preloads.some(([, href]) => screen.test(href!))).toBe(true);
      // A public page waits for none of the member screens' route table.
      expect(preloads.some(([, href]) => /\/screen-routes-/.test(href!))).toBe(false);
      for (const [, href, linkNonce] of preloads) {
        expect(linkNonce).toBe(nonce);
        const chunk = await fetch(`${stack.gatewayUrl}${href}`);
        expect([href, chunk.status, chunk.headers.get('content-type')]).toEqual([
          href,
          200,
          'text/javascript; charset=utf-8',
        ]);
      }
    }
    // The landing page's screen is in the entry: nothing more to preload.
    const home = await (await fetch(`${stack.gatewayUrl}/`)).text();
    expect(home).not.toMatch(/(login|register|faq|contact|memorials?|dashboard)-page-/);
  });

  it("a visitor's list of memorials comes over the plain fetch; a failed read says so and tries again", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The plain fetch sends the generated text (MemorialsSource), `query Memorials{`; Apollo's
    // printer would send `query Memorials {`.
    const reads: number[] = [];
    await page.route('**/graphql', async (route) => {
      if (!(route.request().postData() ?? '').includes('query Memorials{')) return route.continue();
      reads.push(Date.now());
      if (reads.length > 1) return route.continue();
      return route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' });
    });
    try {
      await page.goto(`${stack.gatewayUrl}/memorials`);
      const failure = page.getByRole('alert').filter({ has: page.getByRole('button') });
      await failure.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'memorials: the list could not be read');
      await failure.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'No Memorial Pages' }).waitFor();
      expect(await failure.count()).toBe(0);
      expect(reads).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  it("a visitor's invitation to sign in shows with the page, before the list's chunk is in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/memorials-list-[\w-]+\.js$/, async (route) => {
      await held;
      return route.continue();
    });
    try {
      await page.goto(`${stack.gatewayUrl}/memorials`);
      await page.getByText('Sign in to see more').waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Join', exact: true }).waitFor();
      // The list is still loading: its loader shows below the invitation.
      await page.getByRole('status').filter({ hasText: 'Loading memorial pages' }).waitFor();
      await expectAccessible(page, 'memorials: a visitor invited while the list loads');
      release();
      await page.getByRole('heading', { name: 'No Memorial Pages' }).waitFor();
      expect(await page.getByText('Sign in to see more').count()).toBe(1);
    } finally {
      release();
      await context.close();
    }
  });

  it("a visitor's pages ask nothing of a session they do not have; a member's reload restores it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/graphql')) {
        sent.push(request.postData() ?? '');
      }
    });
    try {
      for (const path of ['/memorials', '/faq', '/login']) await visit(page, stack, path);
      expect(sent.filter((body) => body.includes('refreshSession'))).toEqual([]);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('jibs_session');

      await registerAndPayFee(page, stack, aSignUp({ firstName: 'Hana', lastName: 'Idris' }));
      const hint = (await context.cookies()).find((cookie) => cookie.name === 'jibs_session');
      expect(hint).toMatchObject({ value: '1', path: '/', httpOnly: false, sameSite: 'Strict' });
      await page.goto(`${stack.gatewayUrl}/dashboard`);
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(sent.filter((body) => body.includes('refreshSession')).length).toBeGreaterThan(0);

      await signOut(page);
      await eventually(
        async () =>
          !(await context.cookies()).some((cookie) => /^jibs_(session|refresh)$/.test(cookie.name)),
        { timeoutMs: 10_000, message: 'both cookies to be cleared at sign-out' },
      );
    } finally {
      await context.close();
    }
  });

  it("the member site's pages apply every style under the CSP, and a too-large restore says so", async () => {
    const context = await browser.newContext();
    const violations = await cspViolations(context);
    const page = await context.newPage();
    try {
      for (const path of ['/', '/login', '/memorials', '/faq', '/contact']) {
        await visit(page, stack, path);
      }
      const input = aSignUp({ firstName: 'Yusuf', lastName: 'Hakim' });
      await registerAndPayFee(page, stack, input);
      for (const path of [
        '/dashboard',
        '/profile',
        '/payment-history',
        '/my-reports',
        '/submit-death',
        '/upload',
        '/memorials/create',
        '/memorials',
        '/memorial/00000000-0000-4000-8000-000000000000',
        '/testing',
      ]) {
        await visit(page, stack, path);
      }

      expect(violations).toEqual([]);

      // A backup of this member whose reports make a request over the limit.
      const userId = await userIdByEmail(stack, String(input.email));
      const reports = Array.from({ length: 30 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        user_id: userId,
        deceased_name: `Name ${i}`,
        date_of_death: '2024-03-01',
        place_of_death: 'Dallas',
        relationship_to_deceased: 'Parent',
        additional_notes: 'n'.repeat(4_000),
      }));
      const backup = JSON.stringify({
        metadata: {
          version: DATA_EXPORT_VERSION,
          created_at: new Date().toISOString(),
          user_id: userId,
          type: 'user_backup',
        },
        data: { profile: {}, death_reports: reports, documents: [], payments: [] },
      });
      expect(backup.length).toBeGreaterThan(MAX_GRAPHQL_REQUEST_BYTES);
      await visit(page, stack, '/profile');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'jibs-backup.json',
        mimeType: 'application/json',
        buffer: Buffer.from(backup),
      });
      await page.getByRole('button', { name: 'Restore', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Restore Failed' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(RequestMessages.tooLarge);
      expect(violations).toEqual([]);

      // The watch is live: a style without the nonce is refused, and reported.
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { outline: 1px solid red; }';
        document.head.append(style);
      });
      await eventually(async () => violations.some((v) => /style-src-elem inline/.test(v)), {
        timeoutMs: 5_000,
        message: 'the injected style to be reported',
      });
      expect(violations.every((v) => /style-src|inline style/.test(v))).toBe(true);
    } catch (error) {
      await page.screenshot({ path: 'test-results/hardening-member.png' }).catch(() => undefined);
      throw new Error(
        `${(error as Error).message}\npage: ${page.url()}\n${logs.slice(-20).join('\n')}`,
      );
    } finally {
      await context.close();
    }
  });

  it("the admin console's pages and its dialog apply every style under the CSP", async () => {
    const context = await browser.newContext();
    const violations = await cspViolations(context);
    const page = await context.newPage();
    try {
      await signInAsAdmin(page, stack);
      for (const path of [
        '/admin',
        '/admin/users',
        '/admin/death-reports',
        '/admin/documents',
        '/admin/analytics',
        '/admin/notifications',
        '/admin/audit',
        '/admin/settings',
        '/admin/testing',
        '/admin/janazah',
        '/admin/fund',
        '/admin/webhooks',
        // Last: its Export Payments dialog is opened below.
        '/admin/exports',
      ]) {
        await visit(page, stack, path);
      }
      // A modal: Mantine's scroll lock writes its own <style> (react-remove-scroll).
      await page.getByRole('button', { name: 'Export Payments' }).click();
      await page.getByRole('dialog', { name: 'Export Payments' }).waitFor();
      // The scroll lock's <style> applied: only a nonce lets it.
      await page.waitForFunction(() => getComputedStyle(document.body).overflow === 'hidden');
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('style')].every((style) => style.nonce !== ''),
        ),
      ).toBe(true);
      expect(violations).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: 'test-results/hardening-admin.png' }).catch(() => undefined);
      throw new Error(
        `${(error as Error).message}\npage: ${page.url()}\n${logs.slice(-20).join('\n')}`,
      );
    } finally {
      await context.close();
    }
  });
});
