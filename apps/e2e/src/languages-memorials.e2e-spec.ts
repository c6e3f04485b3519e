import type { Browser } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { loadCatalogue, type Translator } from '@jibs/i18n';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { expectLanguage, expectNoEnglish } from './support/languages';
import { payRegistrationByApi } from './support/registration';
import { signUpByApi } from './support/sign-up';
import { JPEG, PDF } from './support/uploads';

// Screenshots of the pages in Arabic and Urdu, to look at (JIBS_SCREENSHOTS to put them elsewhere).
const SCREENSHOTS = process.env['JIBS_SCREENSHOTS'] ?? 'test-results/languages';
const NAME = 'Maryam Saleh';
const INVITED = 'family.member@example.com';
// The screens of this area and their dialogs: the header, the footer and the toasts' frame are the
// layout's (the toasts' words are waited for by their Arabic text).
const SCREEN = 'main, [role="dialog"]';

describe('memorials, documents and notification choices in Arabic and Urdu, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let ar: Translator;
  let ur: Translator;

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
    [ar, ur] = await Promise.all([loadCatalogue('ar'), loadCatalogue('ur')]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  it('a member creates, edits and shares a memorial in Arabic, uploads documents and chooses notifications; a visitor reads it in Urdu with Hijri dates', async () => {
    const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    // Her profile's language is Arabic: once signed in, the profile's choice wins.
    const input = aSignUp({ language: 'ar' });
    const { user } = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, user.id);
    const allowed = [
      NAME,
      String(input.firstName),
      String(input.lastName),
      String(input.email),
      INVITED,
      'MS', // the name's initials, on the avatar
    ];

    const context = await browser.newContext({ locale: 'ar-EG' });
    const page = await context.newPage();
    await page.goto(`${stack.gatewayUrl}/login`);
    await expectLanguage(page, 'ar');
    await page.getByLabel(ar.t('SignInMessages', 'email')).fill(String(input.email));
    // The field itself (its show-password button is named after it too).
    await page.locator('input[type=password]').fill(String(input.password));
    await page.getByRole('button', { name: ar.t('HeaderMessages', 'signIn'), exact: true }).click();
    await page.waitForURL('**/dashboard**');

    // The list, then the form: refused once (its error in Arabic), then sent.
    await page.goto(`${stack.gatewayUrl}/memorials`);
    await page.getByText(ar.t('MemorialPageMessages', 'noMemorialPages')).waitFor();
    await expectNoEnglish(page, 'ar', 'memorials list', allowed, SCREEN);
    await expectAccessible(page, 'memorials list, ar');
    await page
      .getByRole('link', { name: ar.t('MemorialPageMessages', 'createMemorial') })
      .first()
      .click();
    const create = page.getByRole('button', {
      name: ar.t('MemorialPageMessages', 'createMemorial'),
    });
    await create.click();
    await page.getByText(ar.t('MemorialMessages', 'fullNameRequired')).waitFor();
    await expectNoEnglish(page, 'ar', 'create memorial with its error', allowed, SCREEN);
    await expectAccessible(page, 'create memorial with its error, ar');
    await page.getByLabel(ar.t('MemorialPageMessages', 'fullName')).fill(NAME);
    await page.getByLabel(ar.t('RegistrationMessages', 'dateOfBirth')).fill('1950-03-04');
    await page.getByLabel(ar.t('MemorialPageMessages', 'dateOfDeath')).fill('2026-03-06');
    await page.getByLabel(ar.t('MemorialPageMessages', 'placeOfBirth')).fill('القاهرة');
    await page.getByRole('combobox', { name: ar.t('MemorialPageMessages', 'privacy') }).click();
    await page.getByRole('option', { name: ar.t('MemorialPageMessages', 'publicBadge') }).click();
    await create.click();
    await page.waitForURL('**/memorial/**');
    const memorialUrl = page.url();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    // The dates in Arabic, the Hijri date beside (1950-03-04 is 15 Jumada II 1369).
    await page.getByText(/1369/).first().waitFor();
    await page.getByText(ar.t('MemorialPageMessages', 'bornIn', { place: 'القاهرة' })).waitFor();
    await page.getByText(ar.t('MemorialPageMessages', 'remindersTitle')).waitFor();
    await expectNoEnglish(page, 'ar', 'memorial, its owner', allowed, SCREEN);
    await expectAccessible(page, 'memorial, its owner, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/memorial-owner-ar.png`, fullPage: true });

    // Edit: the dialog in Arabic, saved.
    await page.getByRole('button', { name: ar.t('MemorialPageMessages', 'editMemorial') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(ar.t('MemorialPageMessages', 'biography')).fill('كانت أمًّا رحيمة.');
    await expectNoEnglish(page, 'ar', 'edit memorial dialog', allowed, SCREEN);
    await expectAccessible(page, 'edit memorial dialog, ar');
    await dialog.getByRole('button', { name: ar.t('MemorialPageMessages', 'saveChanges') }).click();
    await page.getByText(ar.t('MemorialPageMessages', 'updatedTitle')).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Invite: a bad address refused in Arabic, then one invited and listed.
    await page.getByRole('button', { name: ar.t('MemorialPageMessages', 'inviteFamily') }).click();
    const email = dialog.getByLabel(ar.t('MemorialPageMessages', 'emailAddress'));
    await email.fill('not-an-email');
    const send = dialog.getByRole('button', {
      name: ar.t('MemorialPageMessages', 'sendInvitation'),
    });
    await send.click();
    await dialog.locator('input[type="email"][aria-invalid="true"]').waitFor();
    await expectNoEnglish(page, 'ar', 'invite dialog with its error', allowed, SCREEN);
    await email.fill(INVITED);
    await send.click();
    await dialog.getByText(INVITED).waitFor();
    await dialog.getByText(ar.t('MemorialPageMessages', 'invited'), { exact: true }).waitFor();
    await expectNoEnglish(page, 'ar', 'invite dialog with a family member', allowed, SCREEN);
    await expectAccessible(page, 'invite dialog, ar');
    await dialog
      .getByRole('button', { name: ar.t('MemorialPageMessages', 'close'), exact: true })
      .click();
    await dialog.waitFor({ state: 'detached' });

    // Deactivate: asked in Arabic, kept.
    await page
      .getByRole('button', { name: ar.t('MemorialPageMessages', 'deactivate'), exact: true })
      .click();
    await dialog
      .getByText(ar.t('MemorialPageMessages', 'deactivateText', { fullName: NAME }))
      .waitFor();
    await expectNoEnglish(page, 'ar', 'deactivate dialog', allowed, SCREEN);
    await expectAccessible(page, 'deactivate dialog, ar');
    await dialog.getByRole('button', { name: ar.t('MemorialPageMessages', 'keepIt') }).click();
    await dialog.waitFor({ state: 'detached' });

    // Right to left, the arrows follow the reading: ArrowLeft goes on to the next tab.
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await page
      .getByRole('tab', {
        name: ar.t('MemorialPageMessages', 'memoriesTab', { count: 0 }),
        selected: true,
      })
      .waitFor();
    await page.keyboard.press('ArrowRight');
    await page
      .getByRole('tab', { name: ar.t('MemorialPageMessages', 'about'), selected: true })
      .waitFor();

    // Memories: the dialog refuses an empty memory in Arabic, then shares one.
    await page
      .getByRole('tab', { name: ar.t('MemorialPageMessages', 'memoriesTab', { count: 0 }) })
      .click();
    await page.getByText(ar.t('MemorialPageMessages', 'noneWaiting')).waitFor();
    await expectNoEnglish(page, 'ar', 'memories tab', allowed, SCREEN);
    await page.getByRole('button', { name: ar.t('MemorialPageMessages', 'addMemory') }).click();
    const share = dialog.getByRole('button', { name: ar.t('MemorialPageMessages', 'shareMemory') });
    await share.click();
    await dialog.getByText(ar.t('MemorialMessages', 'memoryTitleRequired')).waitFor();
    await expectNoEnglish(page, 'ar', 'add memory dialog with its errors', allowed, SCREEN);
    await expectAccessible(page, 'add memory dialog with its errors, ar');
    await dialog
      .getByRole('textbox', { name: ar.t('MemorialPageMessages', 'title'), exact: true })
      .fill('رمضان في بيتها');
    await dialog
      .getByRole('textbox', { name: ar.t('MemorialPageMessages', 'memory'), exact: true })
      .fill('كانت تجمعنا على الإفطار.');
    await share.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('رمضان في بيتها').first().waitFor();
    await expectNoEnglish(page, 'ar', 'memories tab with a memory', allowed, SCREEN);

    // Photos: one uploaded, the profile photo.
    await page
      .getByRole('tab', { name: ar.t('MemorialPageMessages', 'photosTab', { count: 0 }) })
      .click();
    await page.getByText(ar.t('MemorialPageMessages', 'noPhotos')).waitFor();
    await expectNoEnglish(page, 'ar', 'photos tab', [...allowed, 'JPEG', 'PNG'], SCREEN);
    await expectAccessible(page, 'photos tab, ar');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByRole('button', { name: ar.t('MemorialPageMessages', 'uploadPhoto') }).click();
    await page.getByText(ar.t('MemorialPageMessages', 'profilePhoto')).waitFor();
    await expectNoEnglish(
      page,
      'ar',
      'photos tab with a photo',
      [...allowed, 'JPEG', 'PNG'],
      SCREEN,
    );

    await page.getByRole('tab', { name: ar.t('MemorialPageMessages', 'timeline') }).click();
    await page.getByText(ar.t('MemorialPageMessages', 'passedAway')).waitFor();
    await expectNoEnglish(page, 'ar', 'timeline tab', allowed, SCREEN);
    await expectAccessible(page, 'timeline tab, ar');

    // Documents: refused without a type, then a certificate sent and listed, pending review.
    await page.goto(`${stack.gatewayUrl}/upload`);
    await page.getByText(ar.t('DocumentMessages', 'noDocuments')).waitFor();
    const types = ['PDF', 'JPG', 'JPEG', 'PNG', 'certificate.pdf'];
    await expectNoEnglish(page, 'ar', 'documents', [...allowed, ...types], SCREEN);
    await expectAccessible(page, 'documents, ar');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    const upload = page.getByRole('button', {
      name: ar.t('DocumentPageMessages', 'uploadButton', { count: 1 }),
    });
    await upload.click();
    await page.getByText(ar.t('DocumentMessages', 'documentTypeRequired')).first().waitFor();
    await expectNoEnglish(
      page,
      'ar',
      'documents with a file and an error',
      [...allowed, ...types],
      SCREEN,
    );
    await page
      .getByRole('combobox', { name: ar.t('DocumentPageMessages', 'documentType') })
      .click();
    await page
      .getByRole('option', { name: ar.t('DocumentPageMessages', 'deathCertificate') })
      .click();
    await upload.click();
    await page.getByText(ar.t('DocumentPageMessages', 'pendingReview')).first().waitFor();
    await expectNoEnglish(page, 'ar', 'documents with one sent', [...allowed, ...types], SCREEN);
    await expectAccessible(page, 'documents with one sent, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/documents-ar.png`, fullPage: true });

    // Notification choices (the profile's section) and the bell.
    await page.goto(`${stack.gatewayUrl}/profile`);
    const preferences = page.locator('section[aria-labelledby="notifications"]');
    const byEmailLabel = ar.t('NotificationPageMessages', 'byEmail', {
      kind: ar.t('UnsubscribePages', 'kindMemorials'),
    });
    const byEmail = preferences.getByRole('switch', { name: byEmailLabel });
    await byEmail.waitFor();
    await expectNoEnglish(
      page,
      'ar',
      'notification choices',
      allowed,
      'section[aria-labelledby="notifications"]',
    );
    await expectAccessible(page, 'notification choices, ar');
    await byEmail.click({ force: true });
    await preferences.locator(`input[aria-label="${byEmailLabel}"]:not(:checked)`).waitFor();
    await preferences.screenshot({ path: `${SCREENSHOTS}/preferences-ar.png` });
    const bell = page.getByTestId('notification-bell');
    await bell.click();
    await page.getByText(ar.t('DashboardMessages', 'markAllRead')).waitFor();
    await expectAccessible(page, 'notifications, ar');
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-ar.png` });
    await context.close();

    // A visitor in Urdu, with Hijri dates chosen.
    const visitor = await browser.newContext({ locale: 'ur-PK' });
    await visitor.addCookies([{ name: 'hijri', value: '1', url: stack.gatewayUrl }]);
    const reader = await visitor.newPage();
    await reader.goto(`${stack.gatewayUrl}/memorials`);
    await expectLanguage(reader, 'ur');
    await reader.getByRole('link', { name: NAME }).waitFor();
    await expectNoEnglish(reader, 'ur', 'memorials list, visitor', allowed, SCREEN);
    await expectAccessible(reader, 'memorials list, visitor, ur');
    await reader.goto(memorialUrl);
    await reader.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await reader.getByText(/1369/).first().waitFor();
    await reader.getByText(ur.t('MemorialPageMessages', 'bornIn', { place: 'القاهرة' })).waitFor();
    await expectNoEnglish(reader, 'ur', 'memorial, visitor', allowed, SCREEN);
    await expectAccessible(reader, 'memorial, visitor, ur');
    await reader.screenshot({ path: `${SCREENSHOTS}/memorial-visitor-ur.png`, fullPage: true });
    await reader.getByRole('tab').nth(1).click();
    await reader.getByText('رمضان في بيتها').first().waitFor();
    await expectNoEnglish(reader, 'ur', 'memories, visitor', allowed, SCREEN);
    await visitor.close();
  });
});
