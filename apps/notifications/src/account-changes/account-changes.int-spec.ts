import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DEFAULT_SETTINGS } from '@jibs/domain';
import { eventually } from '@jibs/testing';
import { BILLING_GROUP } from '../billing/billing.consumer';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { ACCOUNT_CHANGES_GROUP } from './account-changes.consumer';

describe("an admin's changes to a member's account: notifications and emails", () => {
  const adminId = randomUUID();
  const { harness, envelope, publish, registerMember, notificationsOf, mailsTo, handledBy } =
    notificationsUnderTest();
  const handled = (eventId: string, group = ACCOUNT_CHANGES_GROUP) => handledBy(eventId, group);
  let dataSource: DataSource;

  beforeAll(() => {
    dataSource = harness().dataSource;
  });

  it('tells a member made admin once, in the bell and by email', async () => {
    const userId = randomUUID();
    await registerMember(userId);
    const changed = envelope(
      'user.role_changed',
      { userId, from: 'member', to: 'admin', changedBy: adminId },
      userId,
    );
    await publish([changed], 2);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length >= 1, {
      message: 'member mail sent',
    });
    await eventually(() => handled(changed.id), { message: 'handled' });
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => [n.title, n.type])).toEqual([['You are now an admin', 'info']]);
    const mails = await mailsTo(`${userId}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('JIBS: You are now an admin');
    expect(mails[0]!.text).toContain('Assalamu alaikum Amina');
  });

  it("tells the member of a status an admin set once, in the admin's words only", async () => {
    const userId = randomUUID();
    await registerMember(userId, 'Yusuf');
    const set = envelope(
      'membership.status_changed',
      { userId, from: 'active', to: 'inactive', reason: 'set by an admin', changedBy: adminId },
      userId,
    );
    await publish([set]);
    await eventually(
      async () => (await handled(set.id)) && (await handled(set.id, BILLING_GROUP)),
      { message: 'handled by both consumers' },
    );
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => [n.title, n.type, n.message])).toEqual([
      [
        'Your membership is inactive',
        'warning',
        'An administrator set your membership status to Inactive. Please contact us if you think this is a mistake.',
      ],
    ]);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length === 1, {
      message: 'member mail sent',
    });
  });

  it('leaves a status the payments decided to the billing consumer', async () => {
    const userId = randomUUID();
    await registerMember(userId, 'Omar');
    const paid = envelope(
      'membership.status_changed',
      { userId, from: 'pending', to: 'active', reason: 'provider event invoice.paid' },
      userId,
    );
    await publish([paid]);
    await eventually(
      async () => (await handled(paid.id)) && (await handled(paid.id, BILLING_GROUP)),
      { message: 'handled by both consumers' },
    );
    expect((await notificationsOf(userId)).map((n) => n.message)).toEqual([
      'Thank you. Your registration is complete and your membership is now active.',
    ]);
    expect(await mailsTo(`${userId}@example.com`)).toEqual([]);
  });

  it('sends no email when the settings turn email notifications off, but still tells the bell', async () => {
    const off = envelope(
      'settings.updated',
      {
        settings: { ...DEFAULT_SETTINGS, emailNotifications: false },
        changed: ['emailNotifications'],
        updatedBy: adminId,
      },
      'site',
    );
    await publish([off]);
    await eventually(
      async () =>
        (await dataSource.query('SELECT email_notifications FROM organisation'))[0]
          ?.email_notifications === false,
      { message: 'settings learned' },
    );
    const userId = randomUUID();
    await registerMember(userId, 'Fatima');
    const changed = envelope(
      'membership.status_changed',
      { userId, from: 'inactive', to: 'active', reason: 'set by an admin', changedBy: adminId },
      userId,
    );
    await publish([changed]);
    await eventually(() => handled(changed.id), { message: 'handled' });
    expect((await notificationsOf(userId)).map((n) => n.title)).toEqual([
      'Your membership is active',
    ]);
    expect(await mailsTo(`${userId}@example.com`)).toEqual([]);
  });
});
