import { randomUUID } from 'node:crypto';
import type { EventData } from '@jibs/events';
import type { Language } from '@jibs/domain';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';

describe("members' messages in their language", () => {
  const { harness, envelope, publish, mailsTo } = notificationsUnderTest();

  const register = (userId: string, firstName: string, language?: Language) =>
    harness().deliverEvent(
      'user.registered',
      {
        userId,
        email: `${userId}@example.com`,
        firstName,
        lastName: 'Rahman',
        role: 'member',
        ...(language ? { language } : {}),
      },
      { subject: userId, source: 'identity' },
    );

  const changeLanguage = (userId: string, language: Language, showHijri = false) =>
    harness().deliverEvent(
      'user.language_changed',
      { userId, language, showHijri },
      { subject: userId, source: 'identity' },
    );

  const bell = async (userId: string) =>
    (await harness().dataSource.query(
      'SELECT title, message FROM notifications WHERE user_id = $1 ORDER BY created_at',
      [userId],
    )) as { title: string; message: string }[];

  const languageRow = async (userId: string) =>
    (
      await harness().dataSource.query(
        'SELECT language, show_hijri FROM member_languages WHERE user_id = $1',
        [userId],
      )
    )[0] as { language: string; show_hijri: boolean } | undefined;

  const reviewed = (userId: string): EventData<'report.reviewed'> => ({
    reportId: randomUUID(),
    userId,
    status: 'rejected',
    adminNotes: 'Please attach the burial permit',
    reviewedBy: randomUUID(),
  });

  const mailOf = async (userId: string) =>
    eventually(async () => (await mailsTo(`${userId}@example.com`))[0], {
      message: `a mail to ${userId}`,
    });

  it('welcomes a member in the language they signed up in', async () => {
    const userId = randomUUID();
    await register(userId, 'Amina', 'ar');
    expect(await languageRow(userId)).toEqual({ language: 'ar', show_hijri: false });
    expect(await bell(userId)).toEqual([
      {
        title: 'مرحبًا بك في JIBS',
        message: expect.stringContaining('أهلًا Amina') as string,
      },
    ]);
  });

  it('tells an Arabic reader of a review in Arabic: the bell, and an email laid out right to left', async () => {
    const userId = randomUUID();
    await register(userId, 'Amina', 'ar');
    await publish([envelope('report.reviewed', reviewed(userId), userId)]);
    const mail = await mailOf(userId);
    expect(mail.subject).toBe('JIBS: بلاغ الوفاة بحاجة إلى مراجعة');
    expect(mail.text).toContain('السلام عليكم Amina،');
    expect(mail.text).toContain('لم يُعتمد بلاغ الوفاة الذي قدّمته.');
    expect(mail.text).toContain('ملاحظات فريقنا: Please attach the burial permit');
    expect(mail.text).toContain('لإيقاف هذه الرسائل: ');
    expect(mail.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(mail.html).toContain('السلام عليكم Amina،');
    expect((await bell(userId)).map((n) => n.title)).toContain('بلاغ الوفاة بحاجة إلى مراجعة');
  });

  it('writes in Urdu once the member changes language, with the Hijri date beside when chosen', async () => {
    const userId = randomUUID();
    await register(userId, 'Yusuf');
    await changeLanguage(userId, 'ur', true);
    expect(await languageRow(userId)).toEqual({ language: 'ur', show_hijri: true });
    const paymentId = randomUUID();
    await publish([
      envelope(
        'payment.completed',
        {
          paymentId,
          userId,
          amount: 25_000,
          currency: 'usd',
          type: 'registration',
          description: null,
          providerPaymentId: 'pi_urdu',
        },
        userId,
      ),
    ]);
    const receipt = await mailOf(userId);
    expect(receipt.subject).toBe('JIBS کی رسید: $250.00 موصول ہوئے');
    expect(receipt.text).toContain('برائے: گھرانے کی رجسٹریشن فیس');
    // The day in both calendars: Gregorian, then the Hijri date in brackets ("ہجری").
    expect(receipt.text).toMatch(/تاریخ: .+ \(.+ہجری\)/);
    expect(receipt.html).toMatch(/<html lang="ur" dir="rtl">/);
    expect((await bell(userId)).map((n) => n.title)).toContain('ادائیگی موصول ہو گئی');
  });

  it('keeps a change that overtook the sign-up: the later registration does not undo it', async () => {
    const userId = randomUUID();
    await changeLanguage(userId, 'ur');
    await register(userId, 'Maryam', 'ar');
    expect(await languageRow(userId)).toEqual({ language: 'ur', show_hijri: false });
  });

  it('words a janazah notice for each member in their own language: bell, email and invite', async () => {
    const arabic = randomUUID();
    const english = randomUUID();
    await register(arabic, 'Amina', 'ar');
    await register(english, 'Bilal');
    const noticeId = randomUUID();
    await publish([
      envelope(
        'janazah.published',
        {
          noticeId,
          reportId: randomUUID(),
          userId: randomUUID(),
          deceasedName: 'Fatima Noor',
          prayerAt: '2026-12-04T18:30:00.000Z',
          timeZone: 'America/New_York',
          masjidName: 'Masjid Al-Noor',
          masjidAddress: '12 Main St, Springfield',
          burialPlace: 'Springfield Muslim Cemetery',
          note: null,
          visibility: 'members',
          publishedBy: randomUUID(),
        },
        noticeId,
      ),
    ]);
    const notice = async (userId: string) =>
      eventually(
        async () =>
          (await mailsTo(`${userId}@example.com`)).find((mail) => mail.attachments?.length),
        { message: `the janazah email to ${userId}` },
      );
    const [inArabic, inEnglish] = await Promise.all([notice(arabic), notice(english)]);
    expect(inArabic.subject).toBe('JIBS: صلاة الجنازة: Fatima Noor');
    expect(inArabic.text).toContain('صلاة الجنازة على Fatima Noor: ');
    expect(inArabic.text).toMatch(/\(\d+ جمادى الآخرة 1448 هـ\)/);
    expect(inArabic.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(inArabic.attachments?.[0]?.content).toContain('SUMMARY:صلاة الجنازة: Fatima Noor');
    expect(inEnglish.subject).toBe('JIBS: Janazah: Fatima Noor');
    expect(inEnglish.html).toMatch(/<html lang="en" dir="ltr">/);
    expect((await bell(arabic)).map((n) => n.title)).toContain('صلاة الجنازة: Fatima Noor');
    expect((await bell(english)).map((n) => n.title)).toContain('Janazah: Fatima Noor');
  });

  it('writes English, left to right, to a member who chose nothing', async () => {
    const userId = randomUUID();
    await register(userId, 'Bilal');
    expect(await languageRow(userId)).toBeUndefined();
    await publish([envelope('report.reviewed', reviewed(userId), userId)]);
    const mail = await mailOf(userId);
    expect(mail.subject).toBe('JIBS: Death Report Needs Revision');
    expect(mail.text).toContain('Assalamu alaikum Bilal,');
    expect(mail.html).toMatch(/<html lang="en" dir="ltr">/);
  });
});
