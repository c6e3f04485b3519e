import { rm, writeFile } from 'node:fs/promises';
import { readMailbox } from '@jibs/mailer';
import { gatewayHeaders } from '@jibs/subgraph';
import { startNotifications, type NotificationsHarness } from '../testing/notifications-harness';
import { DIAGNOSTICS_ADDRESS } from './notifications-diagnostics';

const SECRET = 'g'.repeat(32);

describe("the notifications service's mail diagnostic", () => {
  let mailbox: string;
  let url: string;

  let h: NotificationsHarness;

  beforeAll(async () => {
    h = await startNotifications({ gatewaySecret: SECRET, listen: true });
    ({ mailbox, url } = h);
  });

  afterAll(() => h?.close());

  it('hands a test mail to the transport, for the gateway only', async () => {
    const refused = await fetch(`${url}/diagnostics/mail`);
    expect(refused.status).toBe(403);
    expect(await readMailbox(mailbox)).toEqual([]);

    const response = await fetch(`${url}/diagnostics/mail`, { headers: gatewayHeaders(SECRET) });
    expect(await response.json()).toEqual({ status: 'passed', durationMs: expect.any(Number) });
    const mails = await readMailbox(mailbox);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [DIAGNOSTICS_ADDRESS, 'JIBS diagnostics'],
    ]);
  });

  it('fails with the reason when the transport cannot take it', async () => {
    await rm(mailbox, { recursive: true, force: true });
    await writeFile(mailbox, 'not a directory');
    try {
      const response = await fetch(`${url}/diagnostics/mail`, {
        headers: gatewayHeaders(SECRET),
      });
      const body = await response.json();
      expect(body.status).toBe('failed');
      expect(body.reason).toEqual(expect.any(String));
    } finally {
      await rm(mailbox, { force: true });
    }
  });
});
