import { randomUUID } from 'node:crypto';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { REMINDERS_GROUP } from './anniversary-reminders.consumer';

describe('anniversary reminders: the bell and the email', () => {
  const { envelope, publish, registerMember, notificationsOf, mailsTo, handledBy } =
    notificationsUnderTest();

  it('tells the member once, in the bell and by email, with both dates of a Hijri anniversary', async () => {
    const userId = randomUUID();
    await registerMember(userId, 'Khadija');
    const memorialId = randomUUID();
    const due = envelope(
      'memorial.anniversary_due',
      {
        memorialId,
        memorialName: 'Aisha Rahman',
        userId,
        calendar: 'hijri',
        anniversaryDate: '2008-12-29',
        year: 1430,
      },
      memorialId,
    );
    // Delivered twice: one of each still.
    await publish([due], 2);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length >= 1, {
      message: 'the reminder mail',
    });
    await eventually(() => handledBy(due.id, REMINDERS_GROUP), { message: 'handled' });
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => [n.title, n.type])).toEqual([['Anniversary Reminder', 'info']]);
    expect(notifications[0]!.message).toBe(
      'The Hijri anniversary of the passing of Aisha Rahman is on Muharram 1, 1430 AH (December 29, 2008). May Allah have mercy on them.',
    );
    const mails = await mailsTo(`${userId}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('JIBS: Anniversary Reminder');
    expect(mails[0]!.text).toContain('Assalamu alaikum Khadija');
    expect(mails[0]!.text).toContain('Aisha Rahman');
  });

  it('tells each member of their own reminder only', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await registerMember(first);
    await registerMember(second);
    const memorialId = randomUUID();
    const events = [first, second].map((userId) =>
      envelope(
        'memorial.anniversary_due',
        {
          memorialId,
          memorialName: 'Yusuf Ali',
          userId,
          calendar: 'gregorian',
          anniversaryDate: '2026-03-15',
          year: 2026,
        },
        memorialId,
      ),
    );
    await publish(events);
    await eventually(async () => (await notificationsOf(second)).length === 1, {
      message: 'both told',
    });
    expect((await notificationsOf(first)).map((n) => n.message)).toEqual([
      'The Gregorian anniversary of the passing of Yusuf Ali is on March 15, 2026. May Allah have mercy on them.',
    ]);
    expect(await notificationsOf(second)).toHaveLength(1);
  });
});
