import {
  AdminMessages,
  DocumentMessages,
  Messages,
  PayoutMessages,
  requiredMessage,
} from '@jibs/domain';
import { loadCatalogue, loadedTranslator, t } from './catalogue';
import { Translator } from './translator';

describe('Translator', () => {
  const english = {
    Messages: {
      saved: 'Saved',
      greeting: 'Welcome, {firstName}.',
      quoted: "Visibility must be 'members'",
    },
    DocumentMessages: { uploaded: '{count} document(s) uploaded', pending: 'Pending' },
  };
  const arabic = new Translator(
    'ar',
    {
      Messages: {
        saved: 'تم الحفظ',
        greeting: 'أهلًا يا {firstName}.',
        quoted: "يجب أن تكون 'members'",
      },
      DocumentMessages: {
        uploaded: '{count, plural, one {رُفع مستند واحد} two {رُفع مستندان} other {رُفعت # مستندات}}',
      },
    },
    english,
  );

  it('formats a message with its values, plurals through Intl', () => {
    expect(arabic.t('Messages', 'greeting', { firstName: 'Amina' })).toBe('أهلًا يا Amina.');
    expect(arabic.t('DocumentMessages', 'uploaded', { count: 1 })).toBe('رُفع مستند واحد');
    expect(arabic.t('DocumentMessages', 'uploaded', { count: 2 })).toBe('رُفع مستندان');
    expect(arabic.t('DocumentMessages', 'uploaded', { count: 12 })).toBe('رُفعت 12 مستندات');
  });

  it('keeps a value given as text as written: a code of digits is not a number', () => {
    expect(arabic.t('Messages', 'greeting', { firstName: '012345' })).toBe('أهلًا يا 012345.');
    expect(arabic.t('Messages', 'greeting', { firstName: '123456' })).toBe('أهلًا يا 123456.');
  });

  it('falls back to English for a message the language lacks, and to the key for one nobody has', () => {
    expect(arabic.t('DocumentMessages', 'pending')).toBe('Pending');
    expect(arabic.t('DocumentMessages', 'nothing')).toBe('nothing');
  });

  it("translates English text that is a catalogue message, a function's text included", () => {
    expect(arabic.text('Saved')).toBe('تم الحفظ');
    expect(arabic.text('Welcome, Amina.')).toBe('أهلًا يا Amina.');
    expect(arabic.text('3 document(s) uploaded')).toBe('رُفعت 3 مستندات');
    expect(arabic.text("Visibility must be 'members'")).toBe("يجب أن تكون 'members'");
    expect(arabic.text('Some other text')).toBe('Some other text');
    // A value that is a message itself is translated too.
    expect(arabic.text('Welcome, Saved.')).toBe('أهلًا يا تم الحفظ.');
  });

  it('reads a text by its most specific template, not by one any text with a colon matches', () => {
    const loose = new Translator(
      'ar',
      {
        NotificationMail: { subject: '{organisation} — {title}' },
        BillingPage: { renewalPaid: 'تم دفع التجديد: {amount}.' },
      },
      {
        NotificationMail: { subject: '{organisation}: {title}' },
        BillingPage: { renewalPaid: 'Renewal paid: {amount}.' },
      },
    );
    expect(loose.text('Renewal paid: $25.00.')).toBe('تم دفع التجديد: $25.00.');
    expect(loose.text('JIBS: A new notice')).toBe('JIBS — A new notice');
  });

  it('localizes a message object: same keys, texts and functions in the language', () => {
    const messages = arabic.localize('Messages', {
      saved: 'Saved',
      greeting: (firstName: string) => `Welcome, ${firstName}.`,
    });
    expect(messages.saved).toBe('تم الحفظ');
    expect(messages.greeting('Omar')).toBe('أهلًا يا Omar.');
  });

  it('leaves English objects as they are', () => {
    const englishTranslator = new Translator('en', english, english);
    expect(englishTranslator.localize('Messages', Messages)).toBe(Messages);
    expect(englishTranslator.text('Saved')).toBe('Saved');
  });
});

describe('the real catalogues', () => {
  it('loads a language on demand and translates the product’s messages', async () => {
    expect(loadedTranslator('ar')).toBeUndefined();
    const arabic = await loadCatalogue('ar');
    expect(loadedTranslator('ar')).toBe(arabic);
    expect(await loadCatalogue('ar')).toBe(arabic);
    expect(arabic.text(Messages.passwordsDoNotMatch)).not.toBe(Messages.passwordsDoNotMatch);
    expect(arabic.text(requiredMessage('First name'))).toBe('حقل الاسم الأول مطلوب');
    expect(arabic.text(AdminMessages.downloading('report.pdf'))).toMatch(/report\.pdf/);
    expect(arabic.text(DocumentMessages.uploaded(2))).not.toMatch(/uploaded/);
    // A formatted amount travels into the translation as the text English printed.
    expect(arabic.text(PayoutMessages.aboveInvoices(12_500))).toMatch(/\$125\.00/);
    expect(t('ar', 'Messages', 'passwordsDoNotMatch')).toBe(
      arabic.text(Messages.passwordsDoNotMatch),
    );
  });

  it('gives English from t() for a language not loaded, once English is', async () => {
    await loadCatalogue('en');
    expect(t('ur', 'Messages', 'passwordsDoNotMatch')).toBe(Messages.passwordsDoNotMatch);
  });
});
