import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { signIn, signInAsAdmin } from './support/web-flows';

const SUBMIT_REPORT = /* GraphQL */ `
  mutation Submit($input: SubmitDeathReportInput!) {
    submitDeathReport(input: $input) {
      id
    }
  }
`;

const suffix = Date.now().toString(36);
const PUBLIC_NAME = `Aminah Public ${suffix}`;
const MEMBERS_NAME = `Bilal Members ${suffix}`;
const CONTACT = `Brother Hamza ${suffix}, (313) 555-0142`;
const FAMILY_NAME = `Khalid Family ${suffix}`;

/** A paid member signed up through the API; their client keeps the session. */
async function aPaidMember(stack: LocalStack, input: Record<string, unknown>) {
  const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
  const { user } = await signUpByApi(client, stack, input);
  await payRegistrationByApi(client, stack, user.id);
  return client;
}

describe('janazah notices, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const memberInput = aSignUp({ firstName: 'Sumayyah', lastName: 'Noor' });
  const familyInput = aSignUp({ firstName: 'Idris', lastName: 'Karim' });
  let family: GraphQLClient;
  let admin: Page;

  beforeAll(async () => {
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stop?.();
  });

  async function aPage(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    return context.newPage();
  }

  async function failWithContext(page: Page, error: unknown, name: string): Promise<never> {
    await page.screenshot({ path: `test-results/janazah-${name}-failure.png` }).catch(() => 0);
    throw new Error(
      `${(error as Error).message}\npage: ${page.url()}\nlogs:\n${logs.slice(-30).join('\n')}`,
    );
  }

  it('an admin approves two reports and publishes a public notice and a members-only one', async () => {
    family = await aPaidMember(stack, familyInput);
    for (const deceasedName of [PUBLIC_NAME, MEMBERS_NAME]) {
      const report = await family.request(SUBMIT_REPORT, {
        input: {
          deceasedName,
          dateOfDeath: new Date().toISOString().slice(0, 10),
          placeOfDeath: 'Dearborn, MI',
          relationshipToDeceased: 'Parent',
        },
      });
      expect(report.errors).toBeUndefined();
    }
    await aPaidMember(stack, memberInput);

    admin = await aPage();
    await signInAsAdmin(admin, stack);
    await admin.goto(`${stack.gatewayUrl}/admin/death-reports`);
    const prayerDay = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [name, visibility] of [
      [PUBLIC_NAME, 'Everyone (public)'],
      [MEMBERS_NAME, 'Members only'],
    ] as const) {
      const card = admin.getByRole('article', { name });
      await card.waitFor().catch((error) => failWithContext(admin, error, 'review'));
      await card.getByRole('button', { name: `Approve report on ${name}` }).click();
      await card.getByText('Approved', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Publish janazah notice' }).click();
      await card.getByLabel('Prayer date').fill(prayerDay);
      await card.getByLabel('Prayer time').fill('13:30');
      await card.getByLabel('Masjid name').fill('Islamic Center of America');
      await card.getByLabel('Masjid address').fill('19500 Ford Rd, Dearborn, MI 48128');
      await card.getByLabel('Burial place').fill('Michigan Memorial Park');
      await card.getByLabel('Family contact').fill(CONTACT);
      await card.getByLabel(visibility).check();
      await card.getByRole('button', { name: 'Publish notice' }).click();
      await card
        .getByText('0 members will attend.', { exact: false })
        .waitFor()
        .catch((error) => failWithContext(admin, error, 'publish'));
    }
    await expectAccessible(admin, 'admin: death reports with janazah notices');
    await admin.goto(`${stack.gatewayUrl}/admin/janazah`);
    await admin.getByRole('article', { name: PUBLIC_NAME }).waitFor();
    await admin.getByRole('article', { name: MEMBERS_NAME }).waitFor();
    await expectAccessible(admin, 'admin: janazah notices');
  });

  it('a visitor sees only the public notice on /janazah, without the family contact', async () => {
    const visitor = await aPage();
    await visitor.goto(`${stack.gatewayUrl}/janazah`);
    const notice = visitor.getByRole('article', { name: `Janazah prayer for ${PUBLIC_NAME}` });
    await notice.waitFor().catch((error) => failWithContext(visitor, error, 'visitor'));
    expect(await visitor.getByText(MEMBERS_NAME).count()).toBe(0);
    expect(await visitor.getByText(CONTACT).count()).toBe(0);
    expect(await visitor.content()).not.toContain('Brother Hamza');
    const map = notice.getByRole('link', { name: 'Map' });
    expect(await map.getAttribute('href')).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent('19500 Ford Rd, Dearborn, MI 48128')}`,
    );
    // Both calendars: the Hijri year ends in AH.
    await notice.getByText(/AH\), 1:30/).waitFor();
    expect(await notice.getByRole('button', { name: 'I will attend' }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Add to calendar' }).waitFor();
    // No third-party script on the page.
    const scripts = await visitor.$$eval('script[src]', (nodes) =>
      nodes.map((node) => new URL((node as HTMLScriptElement).src).origin),
    );
    expect(scripts.every((origin) => origin === new URL(stack.gatewayUrl).origin)).toBe(true);
    await expectAccessible(visitor, 'janazah: visitor');

    // The landing page shows the next public notice too.
    await visitor.goto(stack.gatewayUrl);
    await visitor.getByRole('heading', { name: 'Janazah prayers' }).waitFor();
    await visitor.getByText(PUBLIC_NAME).waitFor();
    expect(await visitor.getByText(MEMBERS_NAME).count()).toBe(0);
  });

  it("a member sees both notices with the family contact and says 'I will attend'", async () => {
    const member = await aPage();
    await signIn(member, stack, String(memberInput['email']), String(memberInput['password']));
    await member.waitForURL((url) => url.pathname !== '/login');
    await member.goto(`${stack.gatewayUrl}/janazah`);
    const notice = member.getByRole('article', { name: `Janazah prayer for ${PUBLIC_NAME}` });
    const membersOnly = member.getByRole('article', { name: `Janazah prayer for ${MEMBERS_NAME}` });
    await membersOnly.waitFor().catch((error) => failWithContext(member, error, 'member'));
    await notice.waitFor();
    await membersOnly.getByText(CONTACT).waitFor();
    await notice.getByText(CONTACT).waitFor();
    await expectAccessible(member, 'janazah: member');

    await notice.getByRole('button', { name: 'I will attend' }).click();
    await notice.getByText('1 member will attend').waitFor();
    await notice.getByRole('button', { name: 'You will attend (undo)' }).waitFor();
    // Again after a reload: still one.
    await member.reload();
    await notice.getByText('1 member will attend').waitFor();
    await expectAccessible(member, 'janazah: member attending');
  });
  it('once an admin allows it, the family publishes the notice of their approved report on /my-reports', async () => {
    const report = await family.request(SUBMIT_REPORT, {
      input: {
        deceasedName: FAMILY_NAME,
        dateOfDeath: new Date().toISOString().slice(0, 10),
        placeOfDeath: 'Dearborn, MI',
        relationshipToDeceased: 'Sibling',
      },
    });
    expect(report.errors).toBeUndefined();
    await admin.goto(`${stack.gatewayUrl}/admin/death-reports`);
    const card = admin.getByRole('article', { name: FAMILY_NAME });
    await card.getByRole('button', { name: `Approve report on ${FAMILY_NAME}` }).click();
    await card.getByText('Approved', { exact: true }).waitFor();

    const page = await aPage();
    await signIn(page, stack, String(familyInput['email']), String(familyInput['password']));
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${stack.gatewayUrl}/my-reports`);
    const mine = page.getByRole('listitem').filter({ hasText: FAMILY_NAME });
    await mine.getByText('Approved', { exact: true }).waitFor();
    expect(await mine.getByRole('button', { name: 'Publish janazah notice' }).count()).toBe(0);

    await admin.goto(`${stack.gatewayUrl}/admin/settings`);
    await admin.getByLabel('Families may publish janazah notices').check();
    await admin.getByRole('button', { name: 'Save All Settings' }).click();
    await admin.getByText('Settings saved successfully').first().waitFor();
    await expectAccessible(admin, 'admin: settings with the janazah switch');

    // Cases learns the setting from the bus: the button shows once it has.
    const publish = mine.getByRole('button', { name: 'Publish janazah notice' });
    await eventually(
      async () => {
        await page.reload();
        await mine.getByText('Approved', { exact: true }).waitFor();
        return (await publish.count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 250, message: 'the family to be offered to publish' },
    );
    await mine.getByText('No janazah notice has been published for this report.').waitFor();
    await publish.click();
    await mine
      .getByLabel('Prayer date')
      .fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    await mine.getByLabel('Prayer time').fill('10:00');
    await mine.getByLabel('Masjid name').fill('Masjid Al-Noor');
    await mine.getByLabel('Masjid address').fill('1 Warren Ave, Dearborn, MI 48126');
    await mine.getByLabel('Burial place').fill('Michigan Memorial Park');
    await expectAccessible(page, 'my reports: janazah notice form');
    await mine.getByRole('button', { name: 'Publish notice' }).click();
    await mine
      .getByText('0 members will attend.', { exact: false })
      .waitFor()
      .catch((error) => failWithContext(page, error, 'family-publish'));
    await mine.getByRole('button', { name: 'Edit notice' }).waitFor();

    // Members only by default: a visitor does not see it.
    const visitor = await aPage();
    await visitor.goto(`${stack.gatewayUrl}/janazah`);
    await visitor.getByRole('article', { name: `Janazah prayer for ${PUBLIC_NAME}` }).waitFor();
    expect(await visitor.getByText(FAMILY_NAME).count()).toBe(0);
  });
});
