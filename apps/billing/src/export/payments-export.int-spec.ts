import { randomUUID } from 'node:crypto';
import { ADMIN_EXPORT_PATH, gatewayHeaders } from '@jibs/subgraph';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { BillingHarness } from '../testing/billing-harness';

describe('admin export of payments', () => {
  let harness: BillingHarness;
  let secret: string;

  beforeAll(async () => {
    harness = await BillingHarness.start();
    secret = harness.app.get<BillingConfig>(BILLING_CONFIG).GATEWAY_SECRET;
  });

  afterAll(async () => {
    await harness?.close();
  });

  const exportPayments = (query: string, token?: string) =>
    fetch(`${harness.url}${ADMIN_EXPORT_PATH}/payments?${query}`, {
      headers: {
        ...gatewayHeaders(secret),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('refuses anonymous callers and members, and audits nothing', async () => {
    const anonymous = await exportPayments('format=csv');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const member = await harness.token(randomUUID(), 'member');
    const asMember = await exportPayments('format=csv', member);
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await harness.count('audit_entries')).toBe(0);
  });

  it("refuses a range ending in the future with the spec's message", async () => {
    const admin = await harness.token(randomUUID(), 'admin');
    const res = await exportPayments('from=2025-01-01&to=2999-12-31', admin);
    expect(res.status).toBe(400);
    const [error] = (await res.json()).errors;
    expect([error.extensions.code, error.message]).toEqual([
      'BAD_USER_INPUT',
      'Dates cannot be in the future',
    ]);
  });

  it("streams the spec's payment fields only, escaped, and audits the export", async () => {
    const adminId = randomUUID();
    const admin = await harness.token(adminId, 'admin');
    const userId = randomUUID();
    const id = randomUUID();
    await harness.dataSource.query(
      `INSERT INTO payments (id, user_id, amount, currency, status, type, description, provider_payment_id, flag_reason)
       VALUES ($1, $2, 17500, 'usd', 'completed', 'registration', '@SUM(1,2) "cash"', 'pi_123', 'internal note')`,
      [id, userId],
    );
    const res = await exportPayments('format=csv', admin);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'id,user_id,created_at,amount,currency,status,payment_type,description,stripe_payment_intent_id',
    );
    const row = lines.find((line) => line.startsWith(id))!;
    expect(row).toMatch(
      new RegExp(
        `^${id},${userId},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,17500,usd,completed,registration,"'@SUM\\(1,2\\) ""cash""",pi_123$`,
      ),
    );
    expect(lines.join('\n')).not.toContain('internal note');
    const [entry] = await harness.dataSource.query(
      `SELECT actor_id, action, subject_type, subject_id FROM audit_entries`,
    );
    expect(entry).toEqual({
      actor_id: adminId,
      action: 'export',
      subject_type: 'export',
      subject_id: 'payments',
    });
  });
});
