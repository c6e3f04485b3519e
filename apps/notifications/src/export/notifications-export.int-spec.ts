import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { startExportTestKit, type ExportTestKit } from '@jibs/subgraph';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { createNotificationsApp } from '../notifications-app';
import { loadNotificationsConfig } from '../notifications.config';

describe('admin export of notifications', () => {
  let kit: ExportTestKit;
  let databases: TestDatabase[];
  let app: INestApplication;
  let url: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    kit = await startExportTestKit();
    databases = await Promise.all([
      createTestDatabase('notifications'),
      createTestDatabase('eventlog'),
    ]);
    const config = loadNotificationsConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0]!.url,
      EVENTLOG_DATABASE_URL: databases[1]!.url,
      JWKS_URL: kit.jwksUrl,
      GATEWAY_SECRET: kit.gatewaySecret,
    });
    ({ app } = await createNotificationsApp(config));
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await kit?.close();
    await Promise.all((databases ?? []).map((db) => db.drop()));
  });

  it('refuses anonymous callers and members', async () => {
    expect((await kit.exportTable(url, 'notifications')).status).toBe(401);
    const asMember = await kit.exportTable(url, 'notifications', {}, await kit.member());
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM audit_entries');
    expect(n).toBe(0);
  });

  it('exports the notifications as JSON and audits it in its own audit_entries', async () => {
    const admin = await kit.admin();
    const userId = randomUUID();
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO notifications (id, user_id, title, message, type, read) VALUES ($1, $2, 'Payment received', 'Thank you, "Amina"', 'success', true)`,
      [id, userId],
    );
    const res = await kit.exportTable(url, 'notifications', { format: 'json' }, admin);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata).toBeUndefined();
    expect(body.data.notifications.find((row: { id: string }) => row.id === id)).toEqual({
      id,
      user_id: userId,
      title: 'Payment received',
      message: 'Thank you, "Amina"',
      type: 'success',
      read: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [entry] = await dataSource.query(
      `SELECT actor_id, action, subject_type, subject_id FROM audit_entries`,
    );
    expect(entry).toEqual({
      actor_id: admin.id,
      action: 'export',
      subject_type: 'export',
      subject_id: 'notifications',
    });
  });
});
