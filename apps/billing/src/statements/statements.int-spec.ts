import { randomUUID } from 'node:crypto';
import { todayUtc } from '@jibs/domain';
import { BillingHarness, type TestMember } from '../testing/billing-harness';

const RECORD = `mutation($input: RecordOfflinePaymentInput!) { recordOfflinePayment(input: $input) { id } }`;

/** The text a PDF shows: pdfkit writes each line's glyphs as hex strings in a TJ array. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, array] of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    let line = '';
    for (const [, hex] of array!.matchAll(/<([0-9a-fA-F]*)>/g))
      line += Buffer.from(hex!, 'hex').toString('latin1');
    lines.push(line);
  }
  return lines.join('\n');
}

describe('receipts and yearly statements (PDF)', () => {
  let h: BillingHarness;
  let admin: TestMember;

  beforeAll(async () => {
    h = await BillingHarness.start();
    admin = await h.anAdmin();
  });

  afterAll(async () => {
    await h?.close();
  });

  const get = (path: string, token?: string) =>
    fetch(`${h.url}/statements/${path}`, {
      headers: { ...h.asGateway(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  async function paid(member: TestMember, amountCents: number, purpose = 'dues'): Promise<string> {
    const data = await h.ok(
      RECORD,
      {
        input: {
          userId: member.id,
          amountCents,
          method: 'check',
          purpose,
          paidOn: todayUtc(),
          idempotencyKey: randomUUID(),
        },
      },
      admin.token,
    );
    return data.recordOfflinePayment.id;
  }

  it('gives the owner their receipt with its amount; another member, no one signed in, a failed payment: no', async () => {
    const owner = await h.aMember({ firstName: 'Khadija' });
    const other = await h.aMember();
    const paymentId = await paid(owner, 12_345);
    const res = await get(`receipts/${paymentId}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('$123.45');
    expect(text).toContain('Khadija');
    expect(text).toContain('in person (check)');

    const asOther = await get(`receipts/${paymentId}`, other.token);
    expect(asOther.status).toBe(404);
    expect((await asOther.json()).errors[0]).toMatchObject({
      message: 'No receipt for this payment',
      extensions: { code: 'NOT_FOUND' },
    });
    const anonymous = await get(`receipts/${paymentId}`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await get(`receipts/${paymentId}`, 'not-a-token')).status).toBe(401);
    expect((await get(`receipts/${randomUUID()}`, owner.token)).status).toBe(404);
    expect((await get(`receipts/not-a-uuid`, owner.token)).status).toBe(404);

    const failedId = randomUUID();
    await h.dataSource.query(
      `INSERT INTO payments (id, user_id, amount, currency, status, type, description, provider_payment_id)
       VALUES ($1, $2, 2500, 'usd', 'failed', 'membership', 'dues', $3)`,
      [failedId, owner.id, `in_${failedId}`],
    );
    expect((await get(`receipts/${failedId}`, owner.token)).status).toBe(404);

    const asAdmin = await get(`receipts/${paymentId}`, admin.token);
    expect(asAdmin.status).toBe(200);
    expect(pdfText(Buffer.from(await asAdmin.arrayBuffer()))).toContain('$123.45');
  });

  it("the year's statement lists the member's own payments and their total", async () => {
    const owner = await h.aMember({ firstName: 'Ibrahim' });
    const other = await h.aMember();
    await paid(owner, 17_500, 'registration');
    await paid(owner, 2_500);
    await paid(other, 99_900);
    const year = todayUtc().slice(0, 4);
    const res = await get(`contributions/${year}`, owner.token);
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain(`Contributions statement ${year}`);
    expect(text).toContain('Ibrahim');
    expect(text).toContain('$175.00');
    expect(text).toContain('$25.00');
    expect(text).toContain('$200.00');
    expect(text).not.toContain('$999.00');

    // A member cannot ask for someone else's: the userId is an admin's choice only.
    const sneaky = await get(`contributions/${year}?userId=${other.id}`, owner.token);
    expect(pdfText(Buffer.from(await sneaky.arrayBuffer()))).not.toContain('$999.00');
    const forAdmin = await get(`contributions/${year}?userId=${other.id}`, admin.token);
    expect(forAdmin.status).toBe(200);
    expect(pdfText(Buffer.from(await forAdmin.arrayBuffer()))).toContain('$999.00');
    expect((await get(`contributions/${year}?userId=${randomUUID()}`, admin.token)).status).toBe(
      404,
    );

    // An earlier year has none of them.
    const earlier = await get(`contributions/${Number(year) - 1}`, owner.token);
    const earlierText = pdfText(Buffer.from(await earlier.arrayBuffer()));
    expect(earlierText).not.toContain('$175.00');
    expect(earlierText).toContain('$0.00');
  });

  it('refuses a year that is not one, and callers without a token', async () => {
    const member = await h.aMember();
    for (const year of ['1999', '2999', 'abcd', '20245']) {
      const res = await get(`contributions/${year}`, member.token);
      expect(res.status).toBe(400);
      expect((await res.json()).errors[0]).toMatchObject({
        extensions: {
          code: 'BAD_USER_INPUT',
          fieldErrors: { year: expect.stringMatching(/^Choose a year from 2000 to \d{4}$/) },
        },
      });
    }
    expect((await get(`contributions/2026`)).status).toBe(401);
  });
});
