import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { eventually } from '@jibs/testing';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { signInFirstAdminByApi } from './support/admin-api';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { registerAndPayFee } from './support/web-flows';

interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string }[];
}

/**
 * A member turns email off for janazah notices on /profile; the next notice (a family reports a
 * death, an admin approves it and publishes the notice, all through the gateway) sends them no
 * email while another member gets one with the .ics; the first member's bell shows the notice
 * live, with both calendars.
 */
describe('janazah notices: each member told as they chose, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  const mails = async (to: string): Promise<Mail[]> =>
    ((await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as Mail[]).filter(
      (mail) => mail.to === to && mail.subject.includes('Janazah'),
    );

  it('email off for janazah notices on /profile: no email for them, one with the .ics for another member, the bell live with both calendars', async () => {
    const [quiet, other] = [aSignUp(), aSignUp()];
    const quietPage = await (await browser.newContext()).newPage();
    const otherPage = await (await browser.newContext()).newPage();
    await registerAndPayFee(quietPage, stack, quiet);
    await registerAndPayFee(otherPage, stack, other);

    await quietPage.goto(`${stack.gatewayUrl}/profile`);
    const emailSwitch = quietPage.getByRole('switch', { name: 'Janazah notices by email' });
    await emailSwitch.waitFor();
    expect(await emailSwitch.isChecked()).toBe(true);
    await expectAccessible(quietPage, 'profile: notifications section');
    await emailSwitch.click({ force: true });
    await eventually(async () => ((await emailSwitch.isChecked()) ? undefined : true), {
      message: 'janazah email switched off',
    });
    // Saved on the server: a reload shows it off.
    await quietPage.reload();
    await quietPage.getByRole('switch', { name: 'Janazah notices by email' }).waitFor();
    expect(
      await quietPage.getByRole('switch', { name: 'Janazah notices by email' }).isChecked(),
    ).toBe(false);

    await quietPage.goto(`${stack.gatewayUrl}/dashboard`);
    await quietPage.getByTestId('notification-bell').click();
    await quietPage.getByTestId('notification-item').first().waitFor();

    // A third family reports a death; the admin approves it and publishes the notice.
    const family = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const reporter = await signUpByApi(family, stack, aSignUp());
    await payRegistrationByApi(family, stack, reporter.user.id);
    const deceasedName = `Khadija ${Date.now().toString(36)}`;
    const submitted = await family.request<{ submitDeathReport: { id: string } }>(
      `mutation ($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { id } }`,
      {
        input: {
          deceasedName,
          dateOfDeath: new Date().toISOString().slice(0, 10),
          placeOfDeath: 'Dearborn',
          relationshipToDeceased: 'Parent',
        },
      },
    );
    if (submitted.errors) throw new Error(JSON.stringify(submitted.errors));
    const reportId = submitted.data!.submitDeathReport.id;
    const { client: admin } = await signInFirstAdminByApi(stack);
    const approved = await admin.request(
      `mutation ($id: ID!) { reviewDeathReport(id: $id, decision: APPROVED, adminNotes: "") { id } }`,
      { id: reportId },
    );
    if (approved.errors) throw new Error(JSON.stringify(approved.errors));
    const published = await admin.request<{ publishJanazahNotice: { id: string } }>(
      `mutation ($reportId: ID!, $input: JanazahNoticeInput!) {
         publishJanazahNotice(reportId: $reportId, input: $input) { id }
       }`,
      {
        reportId,
        input: {
          deceasedName,
          prayerAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          timeZone: 'America/Detroit',
          masjidName: 'Masjid Al-Noor',
          masjidAddress: '12 Main St, Dearborn, MI',
          burialPlace: 'Dearborn Muslim Cemetery',
          familyContact: 'Yusuf, 313-555-0100',
          visibility: 'members',
        },
      },
    );
    if (published.errors) throw new Error(JSON.stringify(published.errors));
    const noticeId = published.data!.publishJanazahNotice.id;

    // Live, without a reload, with the Hijri date beside the Gregorian one.
    const item = quietPage
      .getByTestId('notification-item')
      .filter({ hasText: `Janazah: ${deceasedName}` });
    await item.first().waitFor({ timeout: 20_000 });
    expect(await item.first().textContent()).toMatch(/\d{4} \([^)]+ \d{4} AH\)/);

    const otherEmail = String(other.email);
    await eventually(async () => ((await mails(otherEmail)).length > 0 ? true : undefined), {
      timeoutMs: 30_000,
      message: 'the other member emailed',
    });
    const [mail] = await mails(otherEmail);
    expect(mail!.subject).toContain(`Janazah: ${deceasedName}`);
    expect(mail!.attachments?.[0]?.filename).toBe('janazah.ics');
    expect(mail!.attachments?.[0]?.content).toContain(`UID:${noticeId}@jibs`);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The members-only family contact is not in what travels (the event) nor in the email.
    expect(`${mail!.text}${mail!.attachments?.[0]?.content}`).not.toContain('313-555-0100');
    // The quiet member's would have gone in the same batch: none came.
    expect(await mails(String(quiet.email))).toEqual([]);
    expect(await janazahDeliveries(stack, noticeId, 'email')).toBe(
      (await janazahDeliveries(stack, noticeId, 'bell')) - 1,
    );
  }, 300_000);
});

async function janazahDeliveries(
  stack: LocalStack,
  noticeId: string,
  channel: string,
): Promise<number> {
  const client = new Client({ connectionString: stack.databaseUrl('notifications') });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM janazah_deliveries WHERE notice_id = $1 AND channel = $2',
      [noticeId, channel],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
