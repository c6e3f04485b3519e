import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DEFAULT_SETTINGS, type SettingKey, type SiteSettingsValues } from '@jibs/domain';
import { readMailbox } from '@jibs/mailer';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { MEMORIES_GROUP } from './memories.consumer';
import { REVIEWS_GROUP } from './reviews.consumer';

describe('death report and document reviews: notifications and emails', () => {
  const { harness, envelope, publish, registerMember, notificationsOf, mailsTo, handledBy } =
    notificationsUnderTest();
  const handled = (eventId: string, group = REVIEWS_GROUP) => handledBy(eventId, group);
  let mailbox: string;
  let dataSource: DataSource;

  beforeAll(() => {
    ({ mailbox, dataSource } = harness());
  });

  it('tells the member of a rejected report once, in the bell and by email, with the notes', async () => {
    const userId = randomUUID();
    await registerMember(userId);
    const reviewed = envelope(
      'report.reviewed',
      {
        reportId: randomUUID(),
        userId,
        status: 'rejected',
        adminNotes: 'Report requires revision',
        reviewedBy: randomUUID(),
      },
      userId,
    );
    await publish([reviewed], 2);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length >= 1, {
      message: 'member mail sent',
    });
    // Both deliveries handled: still one of each.
    await eventually(() => handled(reviewed.id), { message: 'handled' });
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => [n.title, n.type])).toEqual([
      ['Death Report Needs Revision', 'warning'],
    ]);
    expect(notifications[0]!.message).toContain('Report requires revision');
    const mails = await mailsTo(`${userId}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('JIBS: Death Report Needs Revision');
    expect(mails[0]!.text).toContain('Assalamu alaikum Amina');
    expect(mails[0]!.text).toContain('Report requires revision');
  });

  it('tells the member of an approved document, naming the file and type', async () => {
    const userId = randomUUID();
    await registerMember(userId, 'Yusuf');
    const reviewed = envelope(
      'document.reviewed',
      {
        documentId: randomUUID(),
        userId,
        documentType: 'Death Certificate',
        fileName: 'certificate.pdf',
        status: 'approved',
        adminNotes: '',
        reviewedBy: randomUUID(),
      },
      userId,
    );
    await publish([reviewed]);
    await eventually(async () => (await mailsTo(`${userId}@example.com`)).length === 1, {
      message: 'member mail sent',
    });
    const [notification] = await notificationsOf(userId);
    expect(notification).toMatchObject({ title: 'Document Approved', type: 'success' });
    expect(notification!.message).toBe(
      'Your document "certificate.pdf" (Death Certificate) has been approved.',
    );
  });

  it("alerts the admins at the settings' address, and not at all when email notifications are off", async () => {
    const userId = randomUUID();
    await registerMember(userId, 'Fatima');
    const submitted = envelope(
      'report.submitted',
      { reportId: randomUUID(), userId, relationship: 'Parent' },
      userId,
    );
    await publish([submitted]);
    await eventually(async () => (await mailsTo(DEFAULT_SETTINGS.adminEmail)).length >= 1, {
      message: 'admin mail at the default address',
    });
    const [alert] = (await mailsTo(DEFAULT_SETTINGS.adminEmail)).filter((mail) =>
      mail.text.includes(submitted.data.reportId),
    );
    expect(alert!.subject).toBe('JIBS: new death report to review');
    expect(alert!.text).toContain(`Fatima (${userId}@example.com)`);

    const settings = (values: SiteSettingsValues, changed: SettingKey[]) =>
      envelope('settings.updated', { settings: values, changed, updatedBy: null }, 'site');
    const off = settings({ ...DEFAULT_SETTINGS, emailNotifications: false }, [
      'emailNotifications',
    ]);
    await publish([off]);
    await eventually(
      async () =>
        (await dataSource.query('SELECT email_notifications FROM organisation'))[0]
          ?.email_notifications === false,
      { message: 'settings learned' },
    );
    const quiet = envelope(
      'document.uploaded',
      {
        documentId: randomUUID(),
        userId,
        documentType: 'Government ID',
        fileName: 'id.png',
        fileSize: 2048,
        status: 'pending',
      },
      userId,
    );
    await publish([quiet]);
    await eventually(() => handled(quiet.id), { message: 'handled' });

    const on = settings({ ...DEFAULT_SETTINGS, adminEmail: 'office@masjid.example' }, [
      'emailNotifications',
      'adminEmail',
    ]);
    await publish([on]);
    await eventually(
      async () =>
        (await dataSource.query('SELECT admin_email FROM organisation'))[0]?.admin_email ===
        'office@masjid.example',
      { message: 'settings learned' },
    );
    const loud = envelope(
      'document.uploaded',
      { ...quiet.data, documentId: randomUUID(), fileName: 'certificate.pdf' },
      userId,
    );
    await publish([loud]);
    await eventually(async () => (await mailsTo('office@masjid.example')).length === 1, {
      message: 'admin mail at the new address',
    });
    const all = await readMailbox(mailbox);
    expect(all.some((mail) => mail.text.includes(quiet.data.documentId))).toBe(false);
    expect((await mailsTo('office@masjid.example'))[0]!.text).toContain(
      '"certificate.pdf" (Government ID)',
    );
  });
  it('asks each moderator (not the contributor) to review a memory, and tells the contributor once it is approved', async () => {
    const [creator, editor, contributor] = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all([
      registerMember(creator, 'Khadija'),
      registerMember(editor, 'Bilal'),
      registerMember(contributor, 'Omar'),
    ]);
    const memorialId = randomUUID();
    const memoryId = randomUUID();
    const submitted = envelope(
      'memory.submitted',
      {
        memoryId,
        memorialId,
        memorialName: 'Aisha Rahman',
        contributorId: contributor,
        moderatorIds: [creator, editor, contributor],
      },
      memorialId,
    );
    await publish([submitted], 2);
    await eventually(
      async () =>
        (await mailsTo(`${creator}@example.com`)).length === 1 &&
        (await mailsTo(`${editor}@example.com`)).length === 1,
      { message: 'moderators mailed' },
    );
    await eventually(() => handled(submitted.id, MEMORIES_GROUP), { message: 'handled' });
    for (const moderator of [creator, editor]) {
      const notifications = await notificationsOf(moderator);
      expect(notifications.map((n) => n.title)).toEqual(['New Memory Awaiting Approval']);
      expect(notifications[0]!.message).toContain('Aisha Rahman');
    }
    expect(await notificationsOf(contributor)).toEqual([]);

    const approved = envelope(
      'memory.approved',
      {
        memoryId,
        memorialId,
        memorialName: 'Aisha Rahman',
        contributorId: contributor,
        approvedBy: creator,
      },
      memorialId,
    );
    await publish([approved]);
    await eventually(async () => (await mailsTo(`${contributor}@example.com`)).length === 1, {
      message: 'contributor mailed',
    });
    expect((await notificationsOf(contributor)).map((n) => [n.title, n.type])).toEqual([
      ['Memory Approved', 'success'],
    ]);
    expect((await mailsTo(`${creator}@example.com`)).length).toBe(1);
  });
});
