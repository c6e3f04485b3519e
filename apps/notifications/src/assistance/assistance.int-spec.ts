import { randomUUID } from 'node:crypto';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { ASSISTANCE_GROUP } from './assistance.consumer';

describe('burial-assistance payouts: the family is told', () => {
  const { envelope, publish, registerMember, notificationsOf, mailsTo, handledBy } =
    notificationsUnderTest();

  it('tells the family of each step once, in the bell and by email', async () => {
    const userId = randomUUID();
    await registerMember(userId);
    const payout = { payoutId: randomUUID(), reportId: randomUUID(), userId, amount: 200_000 };
    const events = [
      envelope(
        'assistance.proposed',
        {
          ...payout,
          payee: 'funeral_home',
          method: 'check',
          proposedBy: randomUUID(),
          needsSecondApproval: true,
        },
        userId,
      ),
      envelope('assistance.approved', { ...payout, approvedBy: randomUUID() }, userId),
      envelope(
        'assistance.paid',
        {
          ...payout,
          payee: 'funeral_home',
          method: 'check',
          paidOn: '2026-11-20',
          paidBy: randomUUID(),
        },
        userId,
      ),
    ];
    // Each delivered twice: still one notification and one mail each.
    await publish(events, 2);
    for (const event of events)
      await eventually(() => handledBy(event.id, ASSISTANCE_GROUP), { message: event.type });
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length >= 3, {
      message: 'three mails sent',
    });
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => n.title).sort()).toEqual([
      'Burial Assistance Approved',
      'Burial Assistance Paid',
      'Burial Assistance Proposed',
    ]);
    const paid = notifications.find((n) => n.title === 'Burial Assistance Paid')!;
    expect(paid.message).toBe(
      'The burial assistance payment of $2,000.00 to the funeral home was paid on 2026-11-20 (check).',
    );
    const proposed = notifications.find((n) => n.title === 'Burial Assistance Proposed')!;
    expect(proposed.message).toContain('A second member of our team will approve it');
    const mails = await mailsTo(`${userId}@example.com`);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'JIBS: Burial Assistance Approved',
      'JIBS: Burial Assistance Paid',
      'JIBS: Burial Assistance Proposed',
    ]);
    expect(mails.find((m) => m.subject.endsWith('Paid'))!.text).toContain('$2,000.00');
  });

  it('tells no one else', async () => {
    const family = randomUUID();
    const other = randomUUID();
    await registerMember(family);
    await registerMember(other);
    const approved = envelope(
      'assistance.approved',
      {
        payoutId: randomUUID(),
        reportId: randomUUID(),
        userId: family,
        amount: 150_000,
        approvedBy: randomUUID(),
      },
      family,
    );
    await publish([approved]);
    await eventually(() => handledBy(approved.id, ASSISTANCE_GROUP), { message: 'handled' });
    expect(await notificationsOf(other)).toEqual([]);
    expect(await mailsTo(`${other}@example.com`)).toEqual([]);
    expect((await notificationsOf(family)).length).toBe(1);
  });
});
