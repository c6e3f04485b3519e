import { randomUUID } from 'node:crypto';
import type { StoredMail } from '@jibs/mailer';
import { eventually } from '@jibs/testing';
import { ACCOUNT_CHANGES_GROUP } from '../account-changes/account-changes.consumer';
import { REVIEWS_GROUP } from '../reviews/reviews.consumer';
import { notificationsUnderTest } from '../testing/notifications-harness';

type Mail = StoredMail & { headers?: Record<string, string> };

const EVERY_EMAIL_OFF = ['payments', 'reports_documents', 'janazah', 'memorials', 'reminders'].map(
  (kind) => ({ kind, channel: 'email', enabled: false }),
);
const SET = `mutation($changes: [NotificationPreferenceChangeInput!]!) {
  setNotificationPreferences(changes: $changes) { kinds { kind email } }
}`;

/** The existing send paths go through the one decision: choices for their kind, essentials always. */
describe("every mail notifications sends honours the member's choices", () => {
  const {
    harness,
    envelope,
    publish,
    registerMember,
    tokenFor,
    mailsTo,
    handledBy,
    notificationsOf,
  } = notificationsUnderTest({ listen: true });

  const optOut = async (userId: string, changes: object[]) => {
    const body = await harness().gql(SET, { changes }, await tokenFor(userId));
    expect(body.errors).toBeUndefined();
  };
  const reviewed = (userId: string) =>
    envelope(
      'report.reviewed',
      {
        reportId: randomUUID(),
        userId,
        status: 'approved',
        adminNotes: '',
        reviewedBy: randomUUID(),
      },
      userId,
    );

  it('a review email: sent with its unsubscribe link and headers, not sent to who turned its kind off (the bell still tells them)', async () => {
    const [keeps, stops] = [randomUUID(), randomUUID()];
    await registerMember(keeps);
    await registerMember(stops);
    await optOut(stops, [{ kind: 'reports_documents', channel: 'email', enabled: false }]);
    const events = [reviewed(keeps), reviewed(stops)];
    await publish(events);
    await eventually(async () => (await mailsTo(`${keeps}@example.com`)).length === 1, {
      message: 'review mail sent',
    });
    for (const event of events) {
      await eventually(() => handledBy(event.id, REVIEWS_GROUP), { message: 'handled' });
    }
    const [mail] = (await mailsTo(`${keeps}@example.com`)) as Mail[];
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://localhost:8080/unsubscribe\\?token=${keeps}\\.reports_documents\\.`),
    );
    expect(mail!.text).toContain('To stop these emails: http://localhost:8080/unsubscribe?token=');
    // Not owed at all (recorded in the handling transaction), so never sent later either.
    expect(await harness().count('outgoing_mail', 'recipient_user_id = $1', [stops])).toBe(0);
    expect(await mailsTo(`${stops}@example.com`)).toEqual([]);
    expect((await notificationsOf(stops)).map((n) => n.title)).toEqual(['Death Report Approved']);
  });

  it('essential mails (a receipt, a role change) go whatever the member chose, without an unsubscribe link', async () => {
    const userId = randomUUID();
    await registerMember(userId);
    await optOut(userId, EVERY_EMAIL_OFF);
    const paid = envelope(
      'payment.completed',
      {
        paymentId: randomUUID(),
        userId,
        amount: 2_500,
        currency: 'usd',
        type: 'membership',
        description: null,
        providerPaymentId: 'pi_test',
      },
      userId,
    );
    const role = envelope(
      'user.role_changed',
      { userId, from: 'member', to: 'admin', changedBy: randomUUID() },
      userId,
    );
    await publish([paid, role]);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length === 2, {
      message: 'receipt and role mail sent',
    });
    await eventually(() => handledBy(role.id, ACCOUNT_CHANGES_GROUP), { message: 'handled' });
    const mails = (await mailsTo(`${userId}@example.com`)) as Mail[];
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'JIBS receipt: $25.00 received',
      'JIBS: You are now an admin',
    ]);
    for (const mail of mails) {
      expect(mail.headers?.['List-Unsubscribe']).toBeUndefined();
      expect(mail.text).not.toContain('/unsubscribe');
    }
  });
});
