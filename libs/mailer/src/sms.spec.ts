import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMailbox } from './read-mailbox';
import { createSmsSender, MailboxSmsSender } from './sms';

describe('SMS through the local mailbox', () => {
  it('stores a text as a message titled with the number it went to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jibs-sms-'));
    try {
      const sms = createSmsSender({ SMS_TRANSPORT: 'mailbox', MAILBOX_DIR: dir });
      expect(sms).toBeInstanceOf(MailboxSmsSender);
      await sms.send({ to: '+13135550199', text: 'Your JIBS verification code is 123456.' });
      const [message] = await readMailbox(dir);
      expect(message).toMatchObject({
        to: '+13135550199',
        subject: 'SMS to +13135550199',
        text: 'Your JIBS verification code is 123456.',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
