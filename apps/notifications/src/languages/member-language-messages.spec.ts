import { LOCALES, loadCatalogue } from '@jibs/i18n';
import { mailHtml } from '@jibs/mailer';
import { roleChangedText } from '../account-changes/account-change-messages';
import { payoutPaidText, payoutProposedText } from '../assistance/assistance-messages';
import {
  householdMemberAddedText,
  paymentFailedText,
  receiptEmail,
  subscriptionUpdatedText,
} from '../billing/billing-messages';
import { caseProgressedText } from '../cases/case-progress-messages';
import { janazahEmail, janazahSms, noticeOf } from '../janazah/janazah-messages';
import { anniversaryReminderEmail, anniversaryReminderText } from '../reminders/reminder-messages';
import { documentReviewedText, memoryApprovedText, reviewEmail } from '../reviews/review-messages';
import { ENGLISH, type MemberLanguage } from './member-languages';

const userId = '00000000-0000-4000-8000-000000000001';
const ARABIC: MemberLanguage = { language: 'ar', showHijri: false };
const URDU: MemberLanguage = { language: 'ur', showHijri: false };

const notice = noticeOf('janazah.published', {
  noticeId: '00000000-0000-4000-8000-000000000002',
  reportId: '00000000-0000-4000-8000-000000000003',
  userId,
  deceasedName: 'Fatima Noor',
  prayerAt: '2026-03-06T18:30:00.000Z',
  timeZone: 'America/New_York',
  masjidName: 'Masjid Al-Noor',
  masjidAddress: '12 Main St, Springfield',
  burialPlace: 'Springfield Muslim Cemetery',
  note: null,
  visibility: 'members',
  publishedBy: userId,
});

/** Every mail path's words, for one member language. */
function everyMessage(lang: MemberLanguage): Record<string, string> {
  const paid = payoutPaidText(
    {
      payoutId: userId,
      reportId: userId,
      userId,
      amount: 150_000,
      payee: 'funeral_home',
      method: 'check',
      paidOn: '2026-03-05',
      paidBy: userId,
    },
    lang,
  );
  const reminder = anniversaryReminderText(
    {
      memorialId: userId,
      userId,
      memorialName: 'Fatima Noor',
      calendar: 'hijri',
      anniversaryDate: '2026-03-06',
      year: 1447,
    },
    lang,
  );
  const review = documentReviewedText(
    {
      documentId: userId,
      userId,
      documentType: 'Death Certificate',
      fileName: 'certificate.pdf',
      status: 'rejected',
      adminNotes: '',
      reviewedBy: userId,
    },
    lang,
  );
  return {
    roleChanged: roleChangedText({ userId, from: 'member', to: 'admin', changedBy: userId }, lang)
      .title,
    duesFailed: paymentFailedText(
      {
        paymentId: userId,
        userId,
        amount: 2_500,
        currency: 'usd',
        type: 'membership',
        reason: null,
        consecutiveFailures: 2,
      },
      lang,
    ).message,
    duesCancelled: subscriptionUpdatedText(
      {
        userId,
        status: 'active',
        monthlyAmount: 2_500,
        currentPeriodEnd: '2026-04-01T00:00:00.000Z',
        cancelAtPeriodEnd: true,
        previous: { status: 'active', cancelAtPeriodEnd: false },
      },
      lang,
    )!.message,
    householdAdded: householdMemberAddedText(
      { userId, memberId: userId, firstName: 'Zaid', relationship: 'child', fee: 0 },
      lang,
    ).message,
    payoutProposed: payoutProposedText(
      {
        payoutId: userId,
        reportId: userId,
        userId,
        amount: 150_000,
        payee: 'family',
        method: 'bank_transfer',
        needsSecondApproval: true,
        proposedBy: userId,
      },
      lang,
    ).message,
    payoutPaid: paid.message,
    caseProgressed: caseProgressedText(
      { reportId: userId, userId, step: 'burial_done', label: 'Burial done', at: '' },
      lang,
    ).message,
    documentReviewed: review.message,
    reviewEmail: reviewEmail(review, null, 'JIBS', lang).text,
    memoryApproved: memoryApprovedText(
      {
        memoryId: userId,
        memorialId: userId,
        memorialName: 'Fatima Noor',
        contributorId: userId,
        approvedBy: userId,
      },
      lang,
    ).message,
    reminder: reminder.message,
    reminderEmail: anniversaryReminderEmail(reminder, 'Amina', 'JIBS', lang).text,
    janazahEmail: janazahEmail(notice, 'Amina', 'JIBS', 'https://jibs.test/u', lang).text,
    janazahSms: janazahSms(notice, 'JIBS', lang),
    receipt: receiptEmail(
      {
        paymentId: userId,
        amount: 25_000,
        currency: 'usd',
        paymentType: 'membership',
        description: null,
        paidAt: new Date('2026-03-06T12:00:00Z'),
      },
      'Amina',
      'JIBS',
      lang,
    ).text,
  };
}

const ARABIC_LETTERS = /[\u0600-\u06FF]/;
/** English words of the English texts: none may be left in a translation. */
const ENGLISH_WORDS =
  /\b(the|your|you|was|has|been|payment|janazah prayer|burial|memorial|receipt|dear|assalamu)\b/i;
/** Latin text that is data, not words: names, places, links, the organisation. */
const DATA =
  /Fatima Noor|Amina|Zaid|Masjid Al-Noor|12 Main St, Springfield|Springfield Muslim Cemetery|certificate\.pdf|Death Certificate|Burial done|JIBS|https?:\/\/\S+|US\$|\$|USD|[A-Z]{2,4}[+-]\d+|GMT[ +-]*\d*|AM|PM|00000000-0000-4000-8000-000000000001/g;

describe("each mail path in the member's language", () => {
  beforeAll(() => Promise.all(LOCALES.map((locale) => loadCatalogue(locale))));

  it.each([
    ['Arabic', ARABIC],
    ['Urdu', URDU],
  ])('words every message in %s, leaving only data in Latin letters', (_name, lang) => {
    for (const [path, text] of Object.entries(everyMessage(lang))) {
      expect([path, ARABIC_LETTERS.test(text)]).toEqual([path, true]);
      expect([path, ENGLISH_WORDS.exec(text.replace(DATA, ''))?.[0]]).toEqual([path, undefined]);
    }
  });

  it('keeps the English texts as they were', () => {
    const english = everyMessage(ENGLISH);
    expect(english.duesFailed).toBe(
      'Your monthly dues payment of $25.00 did not go through. This is 2 failed payments in a row; 3 in a row make a membership inactive. Please check your payment method so your membership stays active.',
    );
    expect(english.payoutProposed).toBe(
      'A burial assistance payment of $1,500.00 to your family (bank transfer) has been proposed. A second member of our team will approve it before it is paid.',
    );
    expect(english.payoutPaid).toBe(
      'The burial assistance payment of $1,500.00 to the funeral home was paid on 2026-03-05 (check).',
    );
    expect(english.householdAdded).toBe(
      'Zaid was added to your household as your child. No additional fee is due.',
    );
    expect(english.reviewEmail).toMatch(/^Assalamu alaikum friend,\n\n/);
    expect(english.janazahSms).toBe(
      'JIBS: Janazah for Fatima Noor, Friday, March 6, 2026 (Ramadan 17, 1447 AH), 1:30 PM EST, Masjid Al-Noor. Map: https://www.openstreetmap.org/search?query=12%20Main%20St%2C%20Springfield',
    );
    expect(english.receipt).toContain('Date:       March 6, 2026');
  });

  it("names the fee and the dues in the member's words, billing's own description in English", () => {
    const receipt = (lang: MemberLanguage, paymentType: string, description: string) =>
      receiptEmail(
        {
          paymentId: userId,
          amount: 17_500,
          currency: 'usd',
          paymentType,
          description,
          paidAt: new Date('2026-03-06T12:00:00Z'),
        },
        'Amina',
        'JIBS',
        lang,
      ).text;
    expect(receipt(ARABIC, 'registration', 'Registration fee')).toContain(
      'مقابل: رسوم تسجيل الأسرة',
    );
    expect(receipt(URDU, 'membership', 'Monthly membership dues')).toContain(
      'برائے: ماہانہ رکنیت فیس',
    );
    expect(receipt(ARABIC, 'other', 'Household member fee')).toContain(
      'مقابل: Household member fee',
    );
    expect(receipt(ENGLISH, 'registration', 'Registration fee')).toContain(
      'For:        Registration fee',
    );
  });

  it('puts the Hijri date beside the Gregorian one when the member chose it', () => {
    const withHijri = everyMessage({ language: 'ar', showHijri: true });
    expect(withHijri.receipt).toMatch(/التاريخ: 6 مارس 2026 \(17 رمضان 1447 هـ\)/);
    expect(everyMessage(ARABIC).receipt).toMatch(/التاريخ: 6 مارس 2026\n/);
    expect(everyMessage({ language: 'en', showHijri: true }).receipt).toContain(
      'Date:       March 6, 2026 (Ramadan 17, 1447 AH)',
    );
  });

  it('lays Arabic and Urdu out right to left, English left to right, links kept left to right', () => {
    expect(mailHtml('السلام عليكم\n\nhttps://jibs.test/u', 'ar')).toMatch(
      /^<!doctype html><html lang="ar" dir="rtl">.*<p[^>]*>السلام عليكم<\/p><p[^>]*><a href="https:\/\/jibs\.test\/u" dir="ltr">/,
    );
    expect(mailHtml('x', 'ur')).toContain('<html lang="ur" dir="rtl">');
    expect(mailHtml('a <b> & "c"', 'en')).toContain('<html lang="en" dir="ltr">');
    expect(mailHtml('a <b> & "c"', 'en')).toContain('>a &lt;b&gt; &amp; &quot;c&quot;</p>');
  });
});
