import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** A PDF object's text by its number. */
function pdfObjects(source: string): Map<string, string> {
  const objects = new Map<string, string>();
  for (const [, id, body] of source.matchAll(/(?:^|\n)(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    objects.set(id!, body!);
  }
  return objects;
}

/**
 * The text of the pieces an embedded font draws (Latin names, ids, digits and amounts in an
 * Arabic or Urdu PDF), read back through each font's ToUnicode map. Arabic letters are shaped
 * glyphs, many of which map to no single letter; they are left out.
 */
function embeddedText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = pdfObjects(source);
  const maps = new Map<string, Map<number, string>>();
  for (const [, name, id] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const cmapId = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id!) ?? '')?.[1];
    if (!cmapId) continue;
    const map = new Map<number, string>();
    for (const [, start, list] of (objects.get(cmapId) ?? '').matchAll(
      /<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g,
    )) {
      [...list!.matchAll(/<([0-9a-f]*)>/g)].forEach(([, hex], index) => {
        const text = hex
          ? String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)))
          : '';
        map.set(parseInt(start!, 16) + index, text);
      });
    }
    maps.set(name!, map);
  }
  const lines: string[] = [];
  let font: Map<number, string> | undefined;
  for (const [, name, array] of source.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
    if (name) font = maps.get(name);
    else if (font) {
      const glyphs = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].flatMap(
        ([, hex]) => hex!.match(/.{4}/g) ?? [],
      );
      lines.push(glyphs.map((gid) => font!.get(parseInt(gid, 16)) ?? '').join(''));
    }
  }
  return lines.join('\n');
}

/** The document's title (info dictionary), a UTF-16 string when it is not ASCII. */
function pdfTitle(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const id = /\/Title (\d+) 0 R/.exec(source)?.[1];
  const literal = (id && pdfObjects(source).get(id)) || '';
  let raw = '';
  for (let i = literal.indexOf('(') + 1; i > 0 && i < literal.length && literal[i] !== ')'; i++) {
    if (literal[i] === '\\') {
      const next = literal[++i]!;
      raw +=
        ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[next] ?? next;
    } else raw += literal[i];
  }
  const bytes = Buffer.from(raw, 'latin1');
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return raw;
  return bytes.subarray(2).swap16().toString('utf16le');
}

/** Keeps a rendered PDF under test-results/languages, to be looked at (README: Languages). */
function keep(name: string, pdf: Buffer): void {
  const folder = join(__dirname, '../../../../test-results/languages');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), pdf);
}

/** This year in the Umm al-Qura calendar, its digits. */
const hijriYear = (day: string) =>
  new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(/\D/g, '');

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

  it("a receipt in the reader's Arabic or Urdu: right to left in their script's face, names, ids and amounts as written", async () => {
    const owner = await h.aMember({ firstName: 'Khadija' });
    const other = await h.aMember();
    const paymentId = await paid(owner, 12_345);
    const inArabic = await get(`receipts/${paymentId}?lang=ar`, owner.token);
    expect(inArabic.status).toBe(200);
    expect(inArabic.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-/);
    const arabic = Buffer.from(await inArabic.arrayBuffer());
    expect(arabic.subarray(0, 5).toString()).toBe('%PDF-');
    expect(arabic.toString('latin1')).toMatch(/%%EOF\s*$/);
    keep('receipt-ar.pdf', arabic);
    expect(pdfTitle(arabic)).toBe('إيصال دفع');
    expect(arabic.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic-Regular/);
    expect(arabic.toString('latin1')).toContain('/FontFile2');
    expect(arabic.toString('latin1')).toContain('/Lang (ar)');
    const arabicText = embeddedText(arabic);
    expect(arabicText).toContain('Khadija');
    expect(arabicText).toContain(paymentId);
    expect(arabicText).toContain('123.45');
    expect(arabicText).toContain('US$');
    // Not one English word of the receipt's own: the Helvetica English is not drawn at all.
    expect(pdfText(arabic)).not.toContain('Payment receipt');
    expect(arabic.toString('latin1')).not.toContain('/Helvetica');

    const inUrdu = Buffer.from(
      await (await get(`receipts/${paymentId}?lang=ur`, owner.token)).arrayBuffer(),
    );
    keep('receipt-ur.pdf', inUrdu);
    expect(pdfTitle(inUrdu)).toBe('ادائیگی کی رسید');
    expect(inUrdu.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic-Regular/);
    expect(embeddedText(inUrdu)).toContain('$123.45');
    expect(embeddedText(inUrdu)).toContain('Khadija');

    // The language changes nothing of who may read it.
    expect((await get(`receipts/${paymentId}?lang=ar`, other.token)).status).toBe(404);
    expect((await get(`receipts/${paymentId}?lang=ar`)).status).toBe(401);
  });

  it("a year's statement in Arabic and Urdu, with the Umm al-Qura dates when the reader chose them", async () => {
    const owner = await h.aMember({ firstName: 'Ibrahim' });
    await paid(owner, 17_500, 'registration');
    await paid(owner, 2_500);
    const year = todayUtc().slice(0, 4);
    const hijri = hijriYear(todayUtc());
    const arabic = Buffer.from(
      await (await get(`contributions/${year}?lang=ar&hijri=1`, owner.token)).arrayBuffer(),
    );
    keep('statement-ar.pdf', arabic);
    expect(pdfTitle(arabic)).toBe(`كشف المساهمات لعام ${year}`);
    const arabicText = embeddedText(arabic);
    for (const shown of ['Ibrahim', '175.00', '25.00', '200.00', hijri])
      expect(arabicText).toContain(shown);
    expect(arabicText).not.toContain('$999.00');

    const urdu = Buffer.from(
      await (await get(`contributions/${year}?lang=ur`, owner.token)).arrayBuffer(),
    );
    keep('statement-ur.pdf', urdu);
    expect(pdfTitle(urdu)).toBe(`عطیات کا گوشوارہ برائے ${year}`);
    const urduText = embeddedText(urdu);
    for (const shown of ['Ibrahim', '$175.00', '$25.00', '$200.00'])
      expect(urduText).toContain(shown);
    // Gregorian dates only, unless the reader chose both calendars.
    expect(urduText).not.toContain(hijri);

    // English with the Hijri choice: each date with its Umm al-Qura date beside it.
    const english = pdfText(
      Buffer.from(await (await get(`contributions/${year}?hijri=1`, owner.token)).arrayBuffer()),
    );
    expect(english).toContain(`Contributions statement ${year}`);
    expect(english).toContain(`${hijri} AH`);
  });

  it('reads English for a language it does not speak, a malformed one or none', async () => {
    const owner = await h.aMember({ firstName: 'Maryam' });
    const paymentId = await paid(owner, 4_200);
    const english = pdfText(
      Buffer.from(await (await get(`receipts/${paymentId}`, owner.token)).arrayBuffer()),
    );
    expect(english).toContain('Payment receipt');
    expect(english).toContain('Maryam');
    expect(english).toContain('$42.00');
    expect(english).toContain(todayUtc());
    for (const lang of ['fr', 'AR', 'ar-EG', '..%2F..%2Fetc%2Fpasswd', '', 'ar&lang=ur']) {
      const res = await get(`receipts/${paymentId}?lang=${lang}`, owner.token);
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdfTitle(pdf)).toBe('Payment receipt');
      expect(pdfText(pdf)).toBe(english);
    }
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
