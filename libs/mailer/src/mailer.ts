import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailEnv } from '@jibs/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go when it is not the sender (a contact form's author). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/** A small text attachment (a calendar invite), carried whole. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** Outgoing mail, whatever carries it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The local stack's mailbox: each message a JSON file, listed by the mailbox page. */
export class MailboxMailer implements Mailer {
  /** The last `sentAt` given, so two messages sent within one millisecond keep their order. */
  private lastSentAt = 0;

  constructor(
    private readonly directory: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    this.lastSentAt = Math.max(Date.now(), this.lastSentAt + 1);
    const stored: StoredMail = {
      ...message,
      id: randomUUID(),
      from: this.from,
      sentAt: new Date(this.lastSentAt).toISOString(),
    };
    const name = `${stored.sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`;
    // Written aside, then renamed: a reader never sees a message half written.
    const partial = join(this.directory, `.${name}.partial`);
    await writeFile(partial, JSON.stringify(stored, null, 2), { mode: 0o600 });
    await rename(partial, join(this.directory, name));
  }
}

/** Real delivery through an SMTP server (nodemailer). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

export function createMailer(env: MailEnv): Mailer {
  return env.MAIL_TRANSPORT === 'smtp'
    ? new SmtpMailer(env.SMTP_URL!, env.MAIL_FROM)
    : new MailboxMailer(env.MAILBOX_DIR, env.MAIL_FROM);
}
