import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_SETTINGS, Messages } from '@jibs/domain';
import { eventBusFromEnv, type LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { signInFirstAdminByApi } from './support/admin-api';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi, type SignedUp } from './support/sign-up';

/**
 * The journeys that cross the bus, through the gateway, on the bus `EVENT_BUS` names: the
 * embedded one in the main e2e run, a real Apache Kafka broker in CI's second run
 * (`EVENT_BUS=kafka`). Each effect is counted where it lands (the member's bell, the mailbox):
 * it arrives, and arrives once.
 */
const bus = eventBusFromEnv();

interface Mail {
  to: string;
  subject: string;
  text: string;
}

describe(`journeys across the event bus (${bus})`, () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let member: GraphQLClient;
  let admin: GraphQLClient;
  const signUp = aSignUp();
  const email = String(signUp.email);
  let signedUp: SignedUp;

  beforeAll(async () => {
    ({ stack, stop, logs } = await startE2eStack());
    member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    admin = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
  }, 240_000);

  afterAll(async () => {
    await stop?.();
  });

  const mails = async (to: string, subject: RegExp): Promise<Mail[]> =>
    ((await (await fetch(`${stack.mailboxUrl}/api/messages`)).json()) as Mail[]).filter(
      (mail) => mail.to.includes(to) && subject.test(mail.subject),
    );

  /** Exactly one such mail arrives (and a second does not follow within a moment). */
  async function exactlyOneMail(to: string, subject: RegExp): Promise<Mail> {
    await eventually(async () => ((await mails(to, subject)).length > 0 ? true : undefined), {
      timeoutMs: 30_000,
      message: `a mail to ${to} with subject ${subject}`,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const found = await mails(to, subject);
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  const bell = async (): Promise<{ title: string; message: string }[]> => {
    const result = await member.request<{ notifications: { title: string; message: string }[] }>(
      '{ notifications { title message } }',
    );
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.notifications;
  };

  async function exactlyOneInBell(title: string): Promise<void> {
    await eventually(
      async () => ((await bell()).some((n) => n.title === title) ? true : undefined),
      { timeoutMs: 30_000, message: `"${title}" in the member's bell` },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await bell()).filter((n) => n.title === title)).toHaveLength(1);
  }

  const explain = (error: unknown) =>
    new Error(`${(error as Error).message}\nlogs:\n${logs.slice(-30).join('\n')}`);

  it('sign-up to the welcome in the bell', async () => {
    try {
      signedUp = await signUpByApi(member, stack, signUp);
      await exactlyOneInBell(Messages.welcomeTitle);
    } catch (error) {
      throw explain(error);
    }
  });

  it('a payment to its emailed receipt', async () => {
    try {
      await payRegistrationByApi(member, stack, signedUp.user.id);
      await exactlyOneMail(email, /receipt/i);
    } catch (error) {
      throw explain(error);
    }
  });

  it("an upload to the admins' email", async () => {
    try {
      const pdf = await readFile(
        resolve(__dirname, '../../../libs/storage/src/fixtures/certificate.pdf'),
      );
      const fileName = `certificate-${Date.now()}.pdf`;
      const slot = await member.request<{
        startDocumentUpload: {
          key: string;
          url: string;
          headers: { name: string; value: string }[];
        };
      }>(
        `mutation ($input: StartDocumentUploadInput!) {
           startDocumentUpload(input: $input) { key url headers { name value } }
         }`,
        {
          input: {
            fileName,
            fileType: 'application/pdf',
            fileSize: pdf.length,
            documentType: 'Death Certificate',
          },
        },
      );
      if (slot.errors) throw new Error(JSON.stringify(slot.errors));
      const { key, url, headers } = slot.data!.startDocumentUpload;
      const put = await fetch(url, {
        method: 'PUT',
        headers: Object.fromEntries(headers.map((h) => [h.name, h.value])),
        body: pdf,
      });
      expect(put.status).toBe(200);
      const confirmed = await member.request(
        `mutation ($input: ConfirmDocumentUploadInput!) { confirmDocumentUpload(input: $input) { id } }`,
        { input: { key, fileName, documentType: 'Death Certificate' } },
      );
      if (confirmed.errors) throw new Error(JSON.stringify(confirmed.errors));
      await exactlyOneMail(DEFAULT_SETTINGS.adminEmail, /new document uploaded/);
    } catch (error) {
      throw explain(error);
    }
  });

  it("a report reviewed to the family's bell", async () => {
    try {
      const submitted = await member.request<{ submitDeathReport: { id: string } }>(
        `mutation ($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { id } }`,
        {
          input: {
            deceasedName: 'Yusuf Karim',
            dateOfDeath: new Date().toISOString().slice(0, 10),
            placeOfDeath: 'Springfield General Hospital',
            relationshipToDeceased: 'Parent',
          },
        },
      );
      if (submitted.errors) throw new Error(JSON.stringify(submitted.errors));
      ({ client: admin } = await signInFirstAdminByApi(stack));
      const reviewed = await admin.request(
        `mutation ($id: ID!) { reviewDeathReport(id: $id, decision: APPROVED, adminNotes: "We will call you today.") { id } }`,
        { id: submitted.data!.submitDeathReport.id },
      );
      if (reviewed.errors) throw new Error(JSON.stringify(reviewed.errors));
      await eventually(
        async () =>
          (await bell()).some((n) => /approved/i.test(`${n.title} ${n.message}`))
            ? true
            : undefined,
        { timeoutMs: 30_000, message: 'the approval in the family bell' },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(
        (await bell()).filter((n) => /approved/i.test(`${n.title} ${n.message}`)),
      ).toHaveLength(1);
    } catch (error) {
      throw explain(error);
    }
  });
});
