import type { INestApplication } from '@nestjs/common';
import type { DiagnosticCheck } from '@jibs/subgraph';
import type { Mailer } from '@jibs/mailer';
import { MAILER } from '../billing/receipts.service';

/** The address diagnostics mail goes to: nobody's inbox (the local mailbox lists it). */
export const DIAGNOSTICS_ADDRESS = 'diagnostics@jibs.invalid';

/** Hands a short mail to the transport (the local mailbox or SMTP), as every member mail is. */
export function notificationsDiagnostics(app: INestApplication): DiagnosticCheck[] {
  return [
    {
      name: 'mail',
      run: () =>
        app.get<Mailer>(MAILER).send({
          to: DIAGNOSTICS_ADDRESS,
          subject: 'JIBS diagnostics',
          text: `A test mail from the admin diagnostics, ${new Date().toISOString()}. No action needed.`,
        }),
    },
  ];
}
