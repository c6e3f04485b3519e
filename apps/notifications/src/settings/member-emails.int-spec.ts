import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DEFAULT_SETTINGS } from '@jibs/domain';
import { eventually } from '@jibs/testing';
import { BILLING_GROUP } from '../billing/billing.consumer';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { REVIEWS_GROUP } from '../reviews/reviews.consumer';

describe("the admin's email notifications setting", () => {
  const {
    harness,
    envelope,
    publish,
    mailsTo,
    handledBy: handled,
    notificationsOf: bellOf,
  } = notificationsUnderTest();
  let dataSource: DataSource;

  beforeAll(() => {
    dataSource = harness().dataSource;
  });

  async function setEmail(on: boolean): Promise<void> {
    await publish([
      envelope(
        'settings.updated',
        {
          settings: { ...DEFAULT_SETTINGS, emailNotifications: on },
          changed: ['emailNotifications'],
          updatedBy: null,
        },
        'site',
      ),
    ]);
    await eventually(
      async () =>
        (await dataSource.query('SELECT email_notifications FROM organisation'))[0]
          ?.email_notifications === on,
      { message: `email notifications ${on ? 'on' : 'off'}` },
    );
  }

  async function aMember(): Promise<string> {
    const userId = randomUUID();
    await publish([
      envelope(
        'user.registered',
        {
          userId,
          email: `${userId}@example.com`,
          firstName: 'Amina',
          lastName: 'Rahman',
          role: 'member',
        },
        userId,
      ),
    ]);
    await eventually(
      async () =>
        (await dataSource.query('SELECT 1 FROM recipients WHERE user_id = $1', [userId])).length ===
        1,
      { message: 'member known' },
    );
    return userId;
  }

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

  const paid = (userId: string) =>
    envelope(
      'payment.completed',
      {
        paymentId: randomUUID(),
        userId,
        amount: 2_500,
        currency: 'usd',
        type: 'membership',
        description: null,
        providerPaymentId: null,
      },
      userId,
    );

  it('off: the member still gets the bell, but no review email and no receipt, not even later', async () => {
    const userId = await aMember();
    await setEmail(false);
    const review = reviewed(userId);
    const payment = paid(userId);
    await publish([review, payment]);
    await eventually(
      async () =>
        (await handled(review.id, REVIEWS_GROUP)) && (await handled(payment.id, BILLING_GROUP)),
      { message: 'both handled' },
    );
    expect(await bellOf(userId)).toHaveLength(2);
    expect(await dataSource.query('SELECT 1 FROM receipts WHERE user_id = $1', [userId])).toEqual(
      [],
    );
    expect(
      await dataSource.query('SELECT 1 FROM outgoing_mail WHERE recipient_user_id = $1', [userId]),
    ).toEqual([]);

    // Turned on again: what was not owed then is not sent now.
    await setEmail(true);
    const next = reviewed(userId);
    await publish([next]);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length === 1, {
      message: 'the new review mailed',
    });
    const owed = await dataSource.query(
      'SELECT event_id FROM outgoing_mail WHERE recipient_user_id = $1',
      [userId],
    );
    expect(owed).toEqual([{ event_id: next.id }]);
    expect(await dataSource.query('SELECT 1 FROM receipts WHERE user_id = $1', [userId])).toEqual(
      [],
    );
  });

  it('on: the same events email the review and the receipt', async () => {
    const userId = await aMember();
    await setEmail(true);
    await publish([reviewed(userId), paid(userId)]);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length === 2, {
      message: 'review and receipt mailed',
    });
    expect(await bellOf(userId)).toHaveLength(2);
  });
});
