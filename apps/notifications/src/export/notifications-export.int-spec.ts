import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ExportTestKit } from '@jibs/testing';
import { startWithExportKit, type TestSubgraph } from '@jibs/testing';
import { notificationsService } from '../notifications.module';

describe('admin export of notifications', () => {
  let kit: ExportTestKit;
  let h: TestSubgraph;
  let url: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    ({ kit, subgraph: h } = await startWithExportKit(notificationsService));
    ({ url, dataSource } = h);
  });

  afterAll(() => h?.close());

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
