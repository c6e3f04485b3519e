import { Inject, Injectable } from '@nestjs/common';
import type { MailMessage, Mailer, SmsMessage, SmsSender } from '@jibs/mailer';
import { BackgroundTasks } from './background-tasks';

export const MAILER = Symbol('MAILER');
export const SMS_SENDER = Symbol('SMS_SENDER');
/** Whether texts can leave at all (`SMS_TRANSPORT` is not `none`). */
export const SMS_AVAILABLE = Symbol('SMS_AVAILABLE');

/**
 * Email and SMS leaving identity. `email` and `sms` wait for delivery (a verification code
 * the member is waiting for: a failure must show). `emailInBackground` answers at once, for
 * notices whose failure must not undo what already happened; failures are logged.
 */
@Injectable()
export class OutgoingMessages {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SMS_SENDER) private readonly smsSender: SmsSender,
    @Inject(SMS_AVAILABLE) readonly smsAvailable: boolean,
    private readonly background: BackgroundTasks,
  ) {}

  async email(message: MailMessage): Promise<void> {
    await this.mailer.send(message);
  }

  async sms(message: SmsMessage): Promise<void> {
    await this.smsSender.send(message);
  }

  emailInBackground(
    message: MailMessage,
    purpose: string,
    afterSent?: () => Promise<unknown>,
  ): void {
    this.background.run(purpose, async () => {
      await this.mailer.send(message);
      await afterSent?.();
    });
  }
}
