import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { readMailbox } from '@jibs/mailer';
import { gatewayHeaders } from '@jibs/subgraph';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { createNotificationsApp } from '../notifications-app';
import { loadNotificationsConfig } from '../notifications.config';
import { DIAGNOSTICS_ADDRESS } from './notifications-diagnostics';

const SECRET = 'g'.repeat(32);

describe("the notifications service's mail diagnostic", () => {
  let databases: TestDatabase[];
  let mailbox: string;
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    mailbox = await mkdtemp(join(tmpdir(), 'jibs-diagnostics-'));
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
      GATEWAY_SECRET: SECRET,
      MAIL_TRANSPORT: 'mailbox',
      MAILBOX_DIR: mailbox,
    });
    ({ app } = await createNotificationsApp(config));
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all((databases ?? []).map((db) => db.drop()));
    if (mailbox) await rm(mailbox, { recursive: true, force: true });
  });

  it('hands a test mail to the transport, for the gateway only', async () => {
    const refused = await fetch(`${url}/diagnostics/mail`);
    expect(refused.status).toBe(403);
    expect(await readMailbox(mailbox)).toEqual([]);

    const response = await fetch(`${url}/diagnostics/mail`, { headers: gatewayHeaders(SECRET) });
    expect(await response.json()).toEqual({ status: 'passed', durationMs: expect.any(Number) });
    const mails = await readMailbox(mailbox);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [DIAGNOSTICS_ADDRESS, 'JIBS diagnostics'],
    ]);
  });

  it('fails with the reason when the transport cannot take it', async () => {
    await rm(mailbox, { recursive: true, force: true });
    await writeFile(mailbox, 'not a directory');
    try {
      const response = await fetch(`${url}/diagnostics/mail`, {
        headers: gatewayHeaders(SECRET),
      });
      const body = await response.json();
      expect(body.status).toBe('failed');
      expect(body.reason).toEqual(expect.any(String));
    } finally {
      await rm(mailbox, { force: true });
    }
  });
});
