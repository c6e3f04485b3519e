import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer, MailboxMailer, SmtpMailer } from './mailer';
import { readMailbox } from './read-mailbox';

describe('mailbox', () => {
  it('stores messages that the mailbox page reads back, newest first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jibs-mailbox-'));
    try {
      const mailer = new MailboxMailer(dir, 'JIBS <no-reply@jibs.local>');
      await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
      await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two' });
      const mails = await readMailbox(dir);
      expect(mails.map((mail) => mail.subject)).toEqual(['Second', 'First']);
      expect(mails[0]).toMatchObject({ to: 'b@example.com', from: 'JIBS <no-reply@jibs.local>' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads an absent mailbox as empty', async () => {
    expect(await readMailbox(join(tmpdir(), 'does-not-exist-jibs'))).toEqual([]);
  });

  it('chooses the transport from configuration', () => {
    const base = { MAILBOX_DIR: '/tmp/x', MAIL_FROM: 'x@y.z' };
    expect(createMailer({ ...base, MAIL_TRANSPORT: 'mailbox' })).toBeInstanceOf(MailboxMailer);
    expect(
      createMailer({ ...base, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://localhost:2525' }),
    ).toBeInstanceOf(SmtpMailer);
  });
});
