import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { buildEnvelope, type EventBroker, type EventData, type EventType } from '@jibs/events';
import { readMailbox, type Mailer } from '@jibs/mailer';
import { eventually } from '@jibs/testing';
import { startNotifications, type NotificationsHarness } from '../testing/notifications-harness';
import { NotificationEntity } from '../notifications/notification.entity';
import { ReceiptEntity } from './receipt.entity';
import { MAILER } from './receipts.service';
import { RecipientEntity } from './recipient.entity';

describe('billing notifications and receipts', () => {
  let mailbox: string;
  let app: INestApplication;
  let dataSource: DataSource;
  let broker: EventBroker;

  let h: NotificationsHarness;

  beforeAll(async () => {
    h = await startNotifications();
    ({ mailbox, app, dataSource, broker } = h);
  });

  afterAll(() => h?.close());

  const envelope = <T extends EventType>(type: T, data: EventData<T>, subject: string) =>
    buildEnvelope(type, data, { source: 'jibs/billing', subject });

  const completed = (userId: string, paymentId = randomUUID()) =>
    envelope(
      'payment.completed',
      {
        paymentId,
        userId,
        amount: 25_000,
        currency: 'usd',
        type: 'registration',
        description: null,
        providerPaymentId: 'pi_test',
      },
      userId,
    );

  const registered = (userId: string, firstName = 'Maryam') =>
    buildEnvelope(
      'user.registered',
      { userId, email: `${userId}@example.com`, firstName, lastName: 'Khan', role: 'member' },
      { source: 'jibs/identity', subject: userId },
    );

  const notificationsOf = (userId: string) =>
    dataSource.getRepository(NotificationEntity).find({
      where: { userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });

  const mailsTo = async (userId: string) =>
    (await readMailbox(mailbox)).filter((mail) => mail.to === `${userId}@example.com`);

  /** Publishes each event twice, then an event for another member with the same key and topic. */
  async function publishTwiceWithSentinels(
    userId: string,
    sentinelUser: string,
    events: ReturnType<typeof envelope>[],
    sentinels: ReturnType<typeof envelope>[],
  ): Promise<void> {
    await broker.publish(
      events.flatMap((event) => [
        { topic: event.type, key: userId, envelope: event },
        { topic: event.type, key: userId, envelope: event },
      ]),
    );
    await broker.publish(
      sentinels.map((event) => ({ topic: event.type, key: userId, envelope: event })),
    );
    // Per key and topic, events are handled in order: once each sentinel's notification exists,
    // both copies of every event before it have been handled.
    await eventually(
      async () => (await notificationsOf(sentinelUser)).length === sentinels.length,
      { message: 'sentinels handled' },
    );
  }

  it('turns each billing event into one notification, however often it is delivered', async () => {
    const [userId, sentinelUser] = [randomUUID(), randomUUID()];
    const events = [
      completed(userId),
      envelope(
        'payment.failed',
        {
          paymentId: randomUUID(),
          userId,
          amount: 2_500,
          currency: 'usd',
          type: 'membership',
          reason: 'card_declined',
          consecutiveFailures: 2,
        },
        userId,
      ),
      envelope(
        'subscription.updated',
        {
          userId,
          status: 'active',
          monthlyAmount: 2_500,
          currentPeriodEnd: '2026-12-31T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          previous: null,
        },
        userId,
      ),
      // A renewal in the same state says nothing.
      envelope(
        'subscription.updated',
        {
          userId,
          status: 'active',
          monthlyAmount: 2_500,
          currentPeriodEnd: '2027-01-31T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          previous: { status: 'active', cancelAtPeriodEnd: false },
        },
        userId,
      ),
      envelope(
        'subscription.updated',
        {
          userId,
          status: 'active',
          monthlyAmount: 2_500,
          currentPeriodEnd: '2027-01-31T00:00:00.000Z',
          cancelAtPeriodEnd: true,
          previous: { status: 'active', cancelAtPeriodEnd: false },
        },
        userId,
      ),
      envelope(
        'membership.status_changed',
        { userId, from: 'pending', to: 'active', reason: 'registration_paid' },
        userId,
      ),
      envelope(
        'membership.status_changed',
        { userId, from: 'active', to: 'inactive', reason: 'three_failed_payments' },
        userId,
      ),
      envelope(
        'household.member_added',
        { userId, memberId: randomUUID(), relationship: 'child', firstName: 'Yusuf', fee: 2_500 },
        userId,
      ),
    ];
    const sentinels = [
      completed(sentinelUser),
      envelope(
        'payment.failed',
        {
          paymentId: randomUUID(),
          userId: sentinelUser,
          amount: 17_500,
          currency: 'usd',
          type: 'registration',
          reason: null,
          consecutiveFailures: 0,
        },
        userId,
      ),
      envelope(
        'subscription.updated',
        {
          userId: sentinelUser,
          status: 'active',
          monthlyAmount: 2_500,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          previous: null,
        },
        userId,
      ),
      envelope(
        'membership.status_changed',
        { userId: sentinelUser, from: 'inactive', to: 'active', reason: 'dues_paid' },
        userId,
      ),
      envelope(
        'household.member_added',
        {
          userId: sentinelUser,
          memberId: randomUUID(),
          relationship: 'spouse',
          firstName: 'Amina',
          fee: 0,
        },
        userId,
      ),
    ];
    await publishTwiceWithSentinels(userId, sentinelUser, events, sentinels);

    const byTitle = Object.fromEntries(
      (await notificationsOf(userId)).map((n) => [n.title, { message: n.message, type: n.type }]),
    );
    expect((await notificationsOf(userId)).length).toBe(7);
    expect(byTitle).toEqual({
      'Payment received': {
        type: 'success',
        message:
          'We received your payment of $250.00 for your household registration fee. Thank you. A receipt is on its way to your email address.',
      },
      'Monthly dues payment failed': {
        type: 'warning',
        message:
          'Your monthly dues payment of $25.00 did not go through. This is 2 failed payments in a row; 3 in a row make a membership inactive. Please check your payment method so your membership stays active.',
      },
      'Monthly dues set up': {
        type: 'success',
        message:
          'Your monthly dues of $25.00 are set up and will be paid automatically each month.',
      },
      'Monthly dues cancelled': {
        type: 'info',
        message:
          'Your monthly dues subscription will end on January 31, 2027. No further payments will be taken after that.',
      },
      'Your membership is active': {
        type: 'success',
        message: 'Thank you. Your registration is complete and your membership is now active.',
      },
      'Your membership is inactive': {
        type: 'warning',
        message:
          'Your membership is now inactive. To reactivate it, set up your monthly dues again from your Profile page, or contact us if you think this is a mistake.',
      },
      'Household member added': {
        type: 'info',
        message:
          'Yusuf was added to your household as your child. A one-time fee of $25.00 is due for this addition.',
      },
    });
    const sentinelMessages = (await notificationsOf(sentinelUser)).map((n) => n.message);
    expect(sentinelMessages).toContain(
      'Your payment of $175.00 for your household registration fee was declined, and nothing was charged. You can try again from your Registration page.',
    );
    expect(sentinelMessages).toContain('Welcome back. Your membership is active again.');
    expect(sentinelMessages).toContain(
      'Amina was added to your household as your spouse. No additional fee is due.',
    );
  });

  it('emails one receipt per completed payment, after the member is known', async () => {
    const [userId, sentinelUser] = [randomUUID(), randomUUID()];
    await broker.publish([{ topic: 'user.registered', key: userId, envelope: registered(userId) }]);
    await eventually(() =>
      dataSource.getRepository(RecipientEntity).findOne({ where: { userId } }),
    );
    const first = completed(userId);
    const second = completed(userId);
    await publishTwiceWithSentinels(
      userId,
      sentinelUser,
      [first, second],
      [completed(sentinelUser)],
    );

    // Receipts go out after the batch's transaction commits, so shortly after the notifications.
    const mails = await eventually(async () => {
      const found = await mailsTo(userId);
      return found.length >= 2 ? found : undefined;
    });
    expect(mails).toHaveLength(2);
    const firstId = (first.data as EventData<'payment.completed'>).paymentId;
    const mail = mails.find((m) => m.text.includes(firstId))!;
    expect(mail.subject).toBe('JIBS receipt: $250.00 received');
    expect(mail.text).toContain('Dear Maryam,');
    expect(mail.text).toContain('Amount:     $250.00');
    expect(mail.text).toContain('Currency:   USD');
    expect(mail.text).toContain('For:        Household registration fee');
    expect(mail.text).toContain(`Payment ID: ${firstId}`);
    expect(mail.text).toMatch(/Date: {7}[A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(mail.text.trimEnd().endsWith('JIBS')).toBe(true);
    // The sentinel's member is not known yet: notified, receipt pending.
    expect(await mailsTo(sentinelUser)).toEqual([]);
  });

  it('tells the member of an offline payment an admin recorded, in the bell and by a receipt', async () => {
    const [userId, sentinelUser] = [randomUUID(), randomUUID()];
    await broker.publish([{ topic: 'user.registered', key: userId, envelope: registered(userId) }]);
    await eventually(() =>
      dataSource.getRepository(RecipientEntity).findOne({ where: { userId } }),
    );
    // As billing's recordOfflinePayment publishes it.
    const paymentId = randomUUID();
    const offline = envelope(
      'payment.completed',
      {
        paymentId,
        userId,
        amount: 2_500,
        currency: 'usd',
        type: 'membership',
        description: 'Monthly membership dues (paid in cash)',
        providerPaymentId: `offline_${randomUUID()}`,
      },
      userId,
    );
    await publishTwiceWithSentinels(userId, sentinelUser, [offline], [completed(sentinelUser)]);
    expect(
      (await notificationsOf(userId))
        .filter((row) => row.title !== 'Welcome to JIBS')
        .map(({ title, message, type }) => ({ title, message, type })),
    ).toEqual([
      {
        title: 'Payment received',
        message:
          'We received your payment of $25.00 for Monthly membership dues (paid in cash). Thank you. A receipt is on its way to your email address.',
        type: 'success',
      },
    ]);
    const mails = await eventually(async () => {
      const found = await mailsTo(userId);
      return found.length >= 1 ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('JIBS receipt: $25.00 received');
    expect(mails[0]!.text).toContain('For:        Monthly membership dues (paid in cash)');
    expect(mails[0]!.text).toContain(`Payment ID: ${paymentId}`);
  });

  it('notifies a payment by a member not yet known and sends the receipt once they are', async () => {
    const [userId, sentinelUser] = [randomUUID(), randomUUID()];
    const payment = completed(userId);
    const paymentId = (payment.data as EventData<'payment.completed'>).paymentId;
    await publishTwiceWithSentinels(userId, sentinelUser, [payment], [completed(sentinelUser)]);
    expect((await notificationsOf(userId)).map((n) => n.title)).toEqual(['Payment received']);
    expect(await mailsTo(userId)).toEqual([]);
    const pending = await dataSource.getRepository(ReceiptEntity).findOneByOrFail({ paymentId });
    expect(pending.sentAt).toBeNull();

    const registration = registered(userId, 'Aisha');
    await broker.publish([
      { topic: 'user.registered', key: userId, envelope: registration },
      { topic: 'user.registered', key: userId, envelope: registration },
    ]);
    const mails = await eventually(async () => {
      const found = await mailsTo(userId);
      return found.length ? found : undefined;
    });
    expect(mails[0]!.text).toContain('Dear Aisha,');
    expect(mails[0]!.text).toContain(`Payment ID: ${paymentId}`);
    // A later registration event for someone else on the same key fences the duplicate.
    await broker.publish([
      { topic: 'user.registered', key: userId, envelope: registered(sentinelUser) },
    ]);
    await eventually(async () => (await mailsTo(sentinelUser)).length === 1);
    expect(await mailsTo(userId)).toHaveLength(1);
  });

  it('signs receipts with the organisation name from the settings', async () => {
    const [userId, sentinelUser] = [randomUUID(), randomUUID()];
    await broker.publish([
      {
        topic: 'settings.updated',
        key: 'site',
        envelope: buildEnvelope(
          'settings.updated',
          { settings: { siteName: 'JIBS Dearborn' }, changed: ['siteName'], updatedBy: null },
          { source: 'jibs/identity', subject: 'site' },
        ),
      },
      { topic: 'user.registered', key: userId, envelope: registered(userId) },
    ]);
    await eventually(
      async () =>
        (await dataSource.query(`SELECT 1 FROM organisation WHERE name = 'JIBS Dearborn'`)).length,
    );
    await eventually(() =>
      dataSource.getRepository(RecipientEntity).findOne({ where: { userId } }),
    );
    await publishTwiceWithSentinels(
      userId,
      sentinelUser,
      [completed(userId)],
      [completed(sentinelUser)],
    );
    const [mail] = await eventually(async () => {
      const found = await mailsTo(userId);
      return found.length ? found : undefined;
    });
    expect(mail!.subject).toBe('JIBS Dearborn receipt: $250.00 received');
    expect(mail!.text).toContain('This is your receipt from JIBS Dearborn.');
  });

  it('sends a receipt whose first send failed once, when the event is retried', async () => {
    const [userId, sentinelUser] = [randomUUID(), randomUUID()];
    await broker.publish([{ topic: 'user.registered', key: userId, envelope: registered(userId) }]);
    await eventually(() =>
      dataSource.getRepository(RecipientEntity).findOne({ where: { userId } }),
    );
    const mailer = app.get<Mailer>(MAILER);
    const send = mailer.send.bind(mailer);
    let failures = 0;
    const spy = jest.spyOn(mailer, 'send').mockImplementation(async (message) => {
      if (message.to === `${userId}@example.com` && failures === 0) {
        failures += 1;
        throw new Error('mail server unavailable');
      }
      return send(message);
    });
    try {
      const payment = completed(userId);
      await publishTwiceWithSentinels(userId, sentinelUser, [payment], [completed(sentinelUser)]);
      const mails = await eventually(async () => {
        const found = await mailsTo(userId);
        return found.length ? found : undefined;
      });
      expect(failures).toBe(1);
      expect(mails).toHaveLength(1);
      const paymentId = (payment.data as EventData<'payment.completed'>).paymentId;
      expect(mails[0]!.text).toContain(`Payment ID: ${paymentId}`);
      const receipt = await dataSource.getRepository(ReceiptEntity).findOneByOrFail({ paymentId });
      expect(receipt.sentAt).not.toBeNull();
      // One notification, though the event was handled again for the receipt.
      const titles = (await notificationsOf(userId)).map((n) => n.title);
      expect(titles.filter((title) => title === 'Payment received')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});
