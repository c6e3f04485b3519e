import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  buildEnvelope,
  EVENT_BROKER,
  type EventBroker,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@jibs/events';
import { DEFAULT_SETTINGS, Messages } from '@jibs/domain';
import { readMailbox } from '@jibs/mailer';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { BILLING_GROUP } from '../billing/billing.consumer';
import { createNotificationsApp } from '../notifications-app';
import { loadNotificationsConfig } from '../notifications.config';
import { NotificationEntity } from '../notifications/notification.entity';
import { ACCOUNT_CHANGES_GROUP } from './account-changes.consumer';

describe("an admin's changes to a member's account: notifications and emails", () => {
  let databases: TestDatabase[];
  let mailbox: string;
  let app: INestApplication;
  let dataSource: DataSource;
  let broker: EventBroker;
  const adminId = randomUUID();

  beforeAll(async () => {
    mailbox = await mkdtemp(join(tmpdir(), 'jibs-account-changes-'));
    databases = await Promise.all([
      createTestDatabase('notifications'),
      createTestDatabase('eventlog'),
    ]);
    const config = loadNotificationsConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0]!.url,
      EVENTLOG_DATABASE_URL: databases[1]!.url,
      JWKS_URL: 'http://127.0.0.1:1/jwks.json',
      GATEWAY_SECRET: 'g'.repeat(32),
      MAIL_TRANSPORT: 'mailbox',
      MAILBOX_DIR: mailbox,
    });
    ({ app } = await createNotificationsApp(config));
    await app.init();
    dataSource = app.get(DataSource);
    broker = app.get(EVENT_BROKER);
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all((databases ?? []).map((db) => db.drop()));
    if (mailbox) await rm(mailbox, { recursive: true, force: true });
  });

  const envelope = <T extends EventType>(type: T, data: EventData<T>, subject: string) =>
    buildEnvelope(type, data, { source: 'jibs/test', subject });

  const publish = (events: EventEnvelope[], times = 1) =>
    broker.publish(
      events.flatMap((event) =>
        Array.from({ length: times }, () => ({
          topic: event.type,
          key: event.subject ?? 'x',
          envelope: event,
        })),
      ),
    );

  async function registerMember(userId: string, firstName = 'Amina'): Promise<void> {
    await publish([
      envelope(
        'user.registered',
        { userId, email: `${userId}@example.com`, firstName, lastName: 'Rahman', role: 'member' },
        userId,
      ),
    ]);
    await eventually(
      async () =>
        (await dataSource.query('SELECT 1 FROM recipients WHERE user_id = $1', [userId])).length ===
        1,
      { message: 'member known' },
    );
  }

  const handled = async (eventId: string, group = ACCOUNT_CHANGES_GROUP) =>
    (
      await dataSource.query('SELECT 1 FROM inbox WHERE consumer_group = $1 AND event_id = $2', [
        group,
        eventId,
      ])
    ).length === 1;

  const notificationsOf = async (userId: string) =>
    (await dataSource.getRepository(NotificationEntity).find({ where: { userId } })).filter(
      (notification) => notification.title !== Messages.welcomeTitle,
    );

  const mailsTo = async (address: string) =>
    (await readMailbox(mailbox)).filter((mail) => mail.to === address);

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
      { settings: { ...DEFAULT_SETTINGS, emailNotifications: false }, updatedBy: adminId },
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
