import { randomUUID } from 'node:crypto';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { decideDelivery, deliverySql } from './delivery-decision';

/** The set-based sends' SQL says what `decideDelivery` says, over every combination. */
describe('deliverySql: the decision as SQL', () => {
  const { harness } = notificationsUnderTest();
  const bools = [false, true];
  const cases = bools.flatMap((siteEmail) =>
    bools.flatMap((siteSms) =>
      bools.flatMap((phone) =>
        [null, ...bools.flatMap((email) => bools.map((sms) => ({ email, sms })))].map((choice) => ({
          siteEmail,
          siteSms,
          phone,
          choice,
        })),
      ),
    ),
  );

  it(`agrees with decideDelivery in all ${cases.length} cases`, async () => {
    const db = harness().dataSource;
    const disagreements: string[] = [];
    for (const { siteEmail, siteSms, phone, choice } of cases) {
      await db.query(
        `INSERT INTO organisation (id, name, email_notifications, sms_notifications)
         VALUES (1, 'JIBS', $1, $2)
         ON CONFLICT (id) DO UPDATE SET email_notifications = $1, sms_notifications = $2`,
        [siteEmail, siteSms],
      );
      const userId = randomUUID();
      await db.query(`INSERT INTO recipients (user_id, email, first_name) VALUES ($1, $2, 'A')`, [
        userId,
        `${userId}@example.com`,
      ]);
      if (phone) {
        await db.query(`INSERT INTO verified_phones (user_id, phone) VALUES ($1, '+13135550100')`, [
          userId,
        ]);
      }
      if (choice) {
        await db.query(
          `INSERT INTO notification_preferences (user_id, kind, email, sms) VALUES ($1, 'janazah', $2, $3)`,
          [userId, choice.email, choice.sms],
        );
      }
      const [row] = (await db.query(
        `SELECT ${deliverySql.email} AS email, ${deliverySql.sms} AS sms
           FROM recipients r
           LEFT JOIN notification_preferences p ON p.user_id = r.user_id AND p.kind = 'janazah'
           LEFT JOIN verified_phones v ON v.user_id = r.user_id
           LEFT JOIN organisation o ON o.id = 1
          WHERE r.user_id = $1`,
        [userId],
      )) as { email: boolean; sms: boolean }[];
      const decided = decideDelivery('janazah', {
        choice,
        hasEmail: true,
        verifiedPhone: phone,
        site: { emailNotifications: siteEmail, smsNotifications: siteSms },
      });
      if (row!.email !== decided.email || row!.sms !== decided.sms) {
        disagreements.push(
          JSON.stringify({ siteEmail, siteSms, phone, choice, sql: row, decided }),
        );
      }
    }
    expect(disagreements).toEqual([]);
  });
});
