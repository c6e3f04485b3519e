import { randomUUID } from 'node:crypto';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { CASES_GROUP } from './case-progress.consumer';

describe("a case's progress: the family's bell and email", () => {
  const { envelope, publish, registerMember, notificationsOf, mailsTo, handledBy } =
    notificationsUnderTest();

  it('tells the family once, in the bell and by email, however often the event is delivered', async () => {
    const userId = randomUUID();
    const reportId = randomUUID();
    await registerMember(userId, 'Khadija');
    const progressed = envelope(
      'case.progressed',
      {
        reportId,
        userId,
        step: 'under_review',
        label: 'Under review',
        at: new Date().toISOString(),
      },
      userId,
    );
    await publish([progressed], 3);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length >= 1, {
      message: 'family mail sent',
    });
    await eventually(() => handledBy(progressed.id, CASES_GROUP), { message: 'handled' });
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => [n.title, n.message, n.type])).toEqual([
      [
        'Your Case Progressed',
        `Under review. See your case on My Reports: /my-reports/${reportId}`,
        'info',
      ],
    ]);
    const mails = await mailsTo(`${userId}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('JIBS: Your Case Progressed');
    expect(mails[0]!.text).toContain('Assalamu alaikum Khadija');
    expect(mails[0]!.text).toContain('Under review.');
  });

  it('says when the burial is done', async () => {
    const userId = randomUUID();
    await registerMember(userId);
    const done = envelope(
      'case.progressed',
      {
        reportId: randomUUID(),
        userId,
        step: 'burial_done',
        label: 'Burial done',
        at: new Date().toISOString(),
      },
      userId,
    );
    await publish([done]);
    await eventually(() => handledBy(done.id, CASES_GROUP), { message: 'handled' });
    expect((await notificationsOf(userId)).map((n) => [n.title, n.type])).toEqual([
      ['Burial Done', 'success'],
    ]);
  });
});
