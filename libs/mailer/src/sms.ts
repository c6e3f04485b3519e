import { MailboxMailer } from './mailer';

export interface SmsMessage {
  /** E.164, e.g. +13135550199. */
  to: string;
  text: string;
}

/** Outgoing text messages, whatever carries them (the local mailbox now, a provider at scale). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The local stack's SMS: each text lands in the same mailbox as the emails, as a message
 * titled 'SMS to +1…', so one page shows everything the service sent.
 */
export class MailboxSmsSender implements SmsSender {
  private readonly mailbox: MailboxMailer;

  constructor(directory: string, from = 'JIBS SMS') {
    this.mailbox = new MailboxMailer(directory, from);
  }

  async send(message: SmsMessage): Promise<void> {
    await this.mailbox.send({
      to: message.to,
      subject: `SMS to ${message.to}`,
      text: message.text,
    });
  }
}

export interface SmsEnv {
  /** Only the mailbox exists so far; a provider adapter (Twilio, SNS, ...) adds its own value. */
  SMS_TRANSPORT: 'mailbox';
  MAILBOX_DIR: string;
}

export function createSmsSender(env: SmsEnv): SmsSender {
  switch (env.SMS_TRANSPORT) {
    case 'mailbox':
      return new MailboxSmsSender(env.MAILBOX_DIR);
  }
}
