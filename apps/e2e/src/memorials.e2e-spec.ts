import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp } from './support/graphql-client';
import { describedByText, registerAndPayFee, tabTo, waitForFocus } from './support/web-flows';

const NOT_FOUND_TEXT =
  "The memorial page you're looking for doesn't exist or you don't have permission to view it.";

describe('memorial pages, in Chromium', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];
  let browser: Browser;
  let fixtures: string;

  beforeAll(async () => {
    fixtures = mkdtempSync(join(tmpdir(), 'jibs-memorials-e2e-'));
    [{ stack, stop, logs }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('a family memorial with a photo stays in the family; an invited member’s memory waits for the creator’s approval', async () => {
    const creatorContext = await browser.newContext();
    const creator = await creatorContext.newPage();
    const creatorInput = aSignUp({ firstName: 'Khadija', lastName: 'Yusuf' });
    const relativeInput = aSignUp({ firstName: 'Omar', lastName: 'Yusuf' });
    try {
      // The creator: a registered member with no memorial yet (the signed-in empty state).
      // Before any memorial: a visitor comes from the landing page to the visitors' empty state.
      const firstVisitorContext = await browser.newContext();
      const firstVisitor = await firstVisitorContext.newPage();
      await firstVisitor.goto(stack.gatewayUrl);
      await firstVisitor.getByRole('link', { name: 'Browse Memorial Pages' }).click();
      await firstVisitor.waitForURL('**/memorials');
      await firstVisitor.getByRole('heading', { name: 'No Memorial Pages' }).waitFor();
      await firstVisitor.getByText('There are no public memorial pages yet.').waitFor();
      await firstVisitor.getByRole('link', { name: 'Sign In' }).last().waitFor();
      expect(await firstVisitor.title()).toBe('Memorial Pages · JIBS');
      await expectAccessible(firstVisitor, 'memorials: visitor, none yet');
      await firstVisitorContext.close();

      await registerAndPayFee(creator, stack, creatorInput);
      await creator.goto(`${stack.gatewayUrl}/memorials`);
      await creator.getByRole('heading', { name: 'No Memorial Pages' }).waitFor();
      await creator.getByText('You have not created a memorial page yet').waitFor();
      await expectAccessible(creator, 'memorials: signed in, none yet');

      // Create: the full name is required (said under the field), the privacy defaults to
      // family only, and HTML in the biography is shown as text.
      await creator.getByRole('link', { name: 'Create Memorial' }).first().click();
      await creator.waitForURL('**/memorials/create');
      await creator.getByRole('heading', { name: 'Create a Memorial' }).waitFor();
      expect(await creator.title()).toBe('Create a Memorial · JIBS');
      expect(await creator.getByRole('combobox', { name: 'Privacy' }).inputValue()).toBe(
        'Family only',
      );
      await creator.getByRole('button', { name: 'Create Memorial' }).click();
      const fullName = creator.getByRole('textbox', { name: 'Full name' });
      await creator.getByText('Full name is required', { exact: true }).waitFor();
      expect(await fullName.getAttribute('aria-invalid')).toBe('true');
      // The error is read with the field, which has the focus.
      expect(await describedByText(fullName)).toContain('Full name is required');
      await waitForFocus(fullName);
      await expectAccessible(creator, 'create memorial: full name missing');
      await fullName.fill('Amina bint Yusuf');
      await creator.getByLabel('Date of birth').fill('1940-05-01');
      await creator.getByLabel('Date of death').fill('2020-02-10');
      await creator.getByLabel('Place of birth').fill('Cairo');
      await creator.getByLabel('Biography').fill('<b>Loved</b> by all <script>alert(1)</script>');
      await creator.getByRole('button', { name: 'Create Memorial' }).click();
      await creator.waitForURL(/\/memorial\/[0-9a-f-]{36}$/);
      const familyId = /\/memorial\/([0-9a-f-]{36})$/.exec(creator.url())![1]!;
      await creator.getByText('Memorial Created').first().waitFor();
      await creator.getByRole('heading', { level: 1, name: 'Amina bint Yusuf' }).waitFor();
      await creator.getByText('1940 - 2020').waitFor();
      await creator.getByText('Family Only').first().waitFor();
      await creator.getByText('Born in Cairo').waitFor();
      await creator.getByText('<b>Loved</b> by all <script>alert(1)</script>').waitFor();
      expect(await creator.getByRole('button', { name: 'Edit Memorial' }).count()).toBe(1);
      // The avatar's initials until a photo is chosen.
      await creator.getByText('AB', { exact: true }).first().waitFor();
      // Dates in both calendars on the About tab.
      await creator.getByText(/May 1, 1940 \(.+ AH\)/).waitFor();
      await expectAccessible(creator, 'memorial: created, About tab');
      // The tabs by keyboard: the shown one takes the focus; an arrow, Home and End select the
      // tab they move to and focus it (WAI-ARIA's tabs, as Mantine's Tabs did).
      const selectedTab = creator.getByRole('tab', { selected: true });
      await selectedTab.focus();
      await creator.keyboard.press('ArrowRight');
      await creator.getByRole('tab', { name: 'Memories (0)', selected: true }).waitFor();
      expect(await selectedTab.evaluate((tab) => tab === document.activeElement)).toBe(true);
      await creator.keyboard.press('End');
      await creator.getByRole('tab', { name: 'Timeline', selected: true }).waitFor();
      await creator.keyboard.press('ArrowRight');
      await creator.getByRole('tab', { name: 'About', selected: true }).waitFor();
      await creator.keyboard.press('ArrowLeft');
      await creator.getByRole('tab', { name: 'Timeline', selected: true }).waitFor();
      await creator.keyboard.press('Home');
      await creator.getByRole('tab', { name: 'About', selected: true }).waitFor();
      expect(
        await creator
          .getByRole('tabpanel')
          .evaluate(
            (panel, tab) => panel.getAttribute('aria-labelledby') === tab,
            await selectedTab.getAttribute('id'),
          ),
      ).toBe(true);

      // A photo (a PNG made here), uploaded straight to S3 and used as the profile photo.
      const photoPath = join(fixtures, 'garden.png');
      writeFileSync(photoPath, pngOf(48, 32));
      await creator.getByRole('tab', { name: 'Photos (0)' }).click();
      await creator.locator('input[type="file"]').setInputFiles(photoPath);
      await creator.getByLabel('Caption (optional)').fill('In the garden');
      expect(await creator.getByLabel('Use as the profile photo').isChecked()).toBe(true);
      await expectAccessible(creator, 'memorial: Photos tab, upload filled in');
      await creator.getByRole('button', { name: 'Upload Photo' }).click();
      await creator.getByRole('tab', { name: 'Photos (1)' }).waitFor();
      const photo = creator.getByRole('img', { name: 'In the garden' });
      await photo.waitFor();
      await waitForImage(creator, 'img[alt="In the garden"]');
      await waitForImage(creator, 'img[alt="Photo of Amina bint Yusuf"]');
      await creator.screenshot({ path: 'test-results/memorials-photo.png', fullPage: true });
      await expectAccessible(creator, 'memorial: photo uploaded');

      // A second photo; then the order is changed by dragging with the mouse and with the
      // keyboard (Space, arrows, Space), each kept after a reload.
      await creator.locator('input[type="file"]').setInputFiles(photoPath);
      await creator.getByLabel('Caption (optional)').fill('At the sea');
      expect(await creator.getByLabel('Use as the profile photo').isChecked()).toBe(false);
      await creator.getByRole('button', { name: 'Upload Photo' }).click();
      await creator.getByRole('tab', { name: 'Photos (2)' }).waitFor();
      const gallery = creator.getByRole('list', { name: 'Photos' });
      const photoOrder = (expected: string[]) =>
        eventually(
          async () => {
            const captions = await gallery
              .getByRole('img')
              .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
            return captions.join(' | ') === expected.join(' | ') ? captions : undefined;
          },
          { timeoutMs: 15_000, message: `the photos in the order ${expected.join(', ')}` },
        );
      const handle = (caption: string) => gallery.getByRole('button', { name: `Move ${caption}` });
      const reloadPhotos = async () => {
        await creator.reload();
        await creator.getByRole('tab', { name: 'Photos (2)' }).click();
      };
      await photoOrder(['In the garden', 'At the sea']);
      await expectAccessible(creator, 'memorial: two photos, sortable');

      // By mouse: the second photo's handle dragged onto the first's.
      let saved = reorderAnswered(creator);
      await dragByMouse(creator, handle('At the sea'), handle('In the garden'));
      await photoOrder(['At the sea', 'In the garden']);
      expect(await saved).toBe(true);
      await reloadPhotos();
      await photoOrder(['At the sea', 'In the garden']);

      // By keyboard: Tab to the handle, Space picks it up, an arrow moves it, Space drops it;
      // each step is announced, and the focus stays on the handle.
      const announced = (text: string) =>
        creator.locator('[id^="DndLiveRegion"]', { hasText: text }).waitFor({ state: 'attached' });
      await tabTo(creator, handle('In the garden'));
      saved = reorderAnswered(creator);
      await creator.keyboard.press('Space');
      await announced('Picked up In the garden, in position 2 of 2.');
      // dnd-kit listens for the arrows from the tick after the pick-up: pressed until heard (at
      // the first place, a further ArrowLeft moves nothing).
      const liveRegion = creator.locator('[id^="DndLiveRegion"]');
      await eventually(
        async () => {
          await creator.keyboard.press('ArrowLeft');
          return (await liveRegion.textContent())?.includes(
            'In the garden is over position 1 of 2.',
          );
        },
        { timeoutMs: 15_000, intervalMs: 250, message: 'the photo moved over the first place' },
      );
      await creator.keyboard.press('Space');
      await announced('In the garden was dropped in position 1 of 2.');
      await photoOrder(['In the garden', 'At the sea']);
      expect(await saved).toBe(true);
      await waitForFocus(handle('In the garden'));
      await expectAccessible(creator, 'memorial: two photos, reordered by keyboard');
      await reloadPhotos();
      await photoOrder(['In the garden', 'At the sea']);

      // Refused by the service (answered here with an error): the order goes back, with a toast.
      await creator.route(
        (url) => url.pathname === '/graphql',
        async (route) => {
          if (route.request().postData()?.includes('ReorderMemorialPhotos')) {
            await route.fulfill({
              json: {
                data: null,
                errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
              },
            });
          } else await route.fallback();
        },
      );
      await dragByMouse(creator, handle('At the sea'), handle('In the garden'));
      await creator.getByText('Photos Not Reordered').first().waitFor();
      await creator
        .getByText('The new order of the photos could not be saved. Please try again.')
        .first()
        .waitFor();
      await photoOrder(['In the garden', 'At the sea']);
      await creator.unroute((url) => url.pathname === '/graphql');
      await reloadPhotos();
      await photoOrder(['In the garden', 'At the sea']);
      await creator.screenshot({
        path: 'test-results/memorials-photos-sortable.png',
        fullPage: true,
      });

      // Edit: death before birth is refused under its field; a place of death is saved.
      await creator.getByRole('button', { name: 'Edit Memorial' }).click();
      const edit = creator.getByRole('dialog', { name: 'Edit Memorial' });
      expect(await edit.getByRole('textbox', { name: 'Full name' }).inputValue()).toBe(
        'Amina bint Yusuf',
      );
      await edit.getByLabel('Date of death').fill('1930-01-01');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.getByText('Date of death cannot be before date of birth').waitFor();
      expect(await edit.getByLabel('Date of death').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(creator, 'edit memorial dialog: death before birth');
      await edit.getByLabel('Date of death').fill('2020-02-10');
      await edit.getByLabel('Place of death').fill('Alexandria');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await creator.getByText('Memorial Updated').first().waitFor();
      await edit.waitFor({ state: 'hidden' });
      await waitForImage(creator, 'img[alt="Photo of Amina bint Yusuf"]');

      // A second memorial, public, from the landing page's button (Cancel first: to the list).
      await creator.goto(stack.gatewayUrl);
      await creator.getByRole('link', { name: 'Create a Memorial' }).click();
      await creator.waitForURL('**/memorials/create');
      await creator.getByRole('button', { name: 'Cancel' }).click();
      await creator.waitForURL('**/memorials');
      await creator.goto(`${stack.gatewayUrl}/memorials/create`);
      await creator.getByRole('textbox', { name: 'Full name' }).fill('Yusuf ibn Ali');
      await creator.getByRole('combobox', { name: 'Privacy' }).click();
      await creator.getByRole('option', { name: 'Public' }).click();
      await creator.getByRole('button', { name: 'Create Memorial' }).click();
      await creator.waitForURL(/\/memorial\/[0-9a-f-]{36}$/);
      const publicId = /\/memorial\/([0-9a-f-]{36})$/.exec(creator.url())![1]!;
      await creator.getByRole('heading', { level: 1, name: 'Yusuf ibn Ali' }).waitFor();
      await creator.getByText('Public', { exact: true }).first().waitFor();

      // Both are listed for their creator.
      await creator.goto(`${stack.gatewayUrl}/memorials`);
      await creator.getByRole('link', { name: 'Amina bint Yusuf' }).waitFor();
      await creator.getByRole('link', { name: 'Yusuf ibn Ali' }).waitFor();
      await expectAccessible(creator, 'memorials: signed in, two memorials');

      // The creator invites a relative by email (who has no account yet).
      await creator.goto(`${stack.gatewayUrl}/memorial/${familyId}`);
      // A member's page reads with their token, once the session is restored: the gateway
      // makes no visitor's read for it.
      expect(await creator.locator('script#jibs-visitor-read').count()).toBe(0);
      await creator.getByRole('button', { name: 'Invite Family' }).click();
      const invite = creator.getByRole('dialog', { name: 'Invite a Family Member' });
      await invite.getByLabel('Email address').fill('not-an-address');
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await invite.getByText('Please enter a valid email address').waitFor();
      await expectAccessible(creator, 'invite dialog: bad address');
      // A mistyped address is invited, then removed.
      await invite.getByLabel('Email address').fill('omar.typo@example.com');
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await invite.getByText('omar.typo@example.com').waitFor();
      await invite.getByRole('button', { name: 'Remove omar.typo@example.com' }).click();
      await invite.getByText('omar.typo@example.com').waitFor({ state: 'detached' });
      await invite.getByLabel('Email address').fill(String(relativeInput.email));
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await creator.getByText('Invitation Sent').first().waitFor();
      await invite.getByText(String(relativeInput.email)).waitFor();
      await invite.getByText('Invited', { exact: true }).waitFor();
      await expectAccessible(creator, 'invite dialog: invited');
      await creator.keyboard.press('Escape');
      await invite.waitFor({ state: 'hidden' });

      // A visitor: the family memorial answers exactly like a missing one; the public one shows.
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${stack.gatewayUrl}/memorial/${familyId}`);
      await visitor.getByRole('heading', { name: 'Memorial Not Found' }).waitFor();
      await visitor.getByText(NOT_FOUND_TEXT).waitFor();
      expect(await visitor.title()).toBe('Memorial Not Found · JIBS');
      expect(await visitor.getByText('Amina bint Yusuf').count()).toBe(0);
      // Nor is it anywhere in the page, whose visitor's answer the gateway put in it: not found.
      expect(await visitor.content()).not.toContain('Amina');
      expect(await visitor.locator('script#jibs-visitor-read').textContent()).toContain(
        'NOT_FOUND',
      );
      await expectAccessible(visitor, 'memorial: not found for a visitor');
      await visitor.screenshot({ path: 'test-results/memorials-not-found.png', fullPage: true });
      await visitor.goto(`${stack.gatewayUrl}/memorial/00000000-0000-4000-8000-000000000000`);
      await visitor.getByText(NOT_FOUND_TEXT).waitFor();
      // The gateway made the visitor's read as it served the page and put the answer in it:
      // the page shows it without asking again.
      const memorialReads: string[] = [];
      visitor.on('request', (request) => {
        if (request.method() === 'POST' && /^query Memorial\(/.test(queryOf(request)))
          memorialReads.push(request.url());
      });
      await visitor.goto(`${stack.gatewayUrl}/memorial/${publicId}`);
      await visitor.getByRole('heading', { level: 1, name: 'Yusuf ibn Ali' }).waitFor();
      expect(memorialReads).toEqual([]);
      expect(await visitor.locator('script#jibs-visitor-read').count()).toBe(1);
      expect(await visitor.getByRole('button', { name: 'Edit Memorial' }).count()).toBe(0);
      await visitor.getByRole('tab', { name: 'Memories (0)' }).click();
      await visitor.getByText('to share a memory.').waitFor();
      expect(await visitor.getByRole('button', { name: 'Add Memory' }).count()).toBe(0);
      await expectAccessible(visitor, 'memorial: public, visitor');
      await visitor.getByRole('link', { name: 'Memorials', exact: true }).first().click();
      await visitor.waitForURL('**/memorials');
      await visitor.getByRole('link', { name: 'Yusuf ibn Ali' }).waitFor();
      await visitor.getByRole('link', { name: 'Join' }).waitFor();
      expect(await visitor.getByRole('link', { name: 'Amina bint Yusuf' }).count()).toBe(0);
      expect(await visitor.getByRole('link', { name: 'Create Memorial' }).count()).toBe(0);
      await expectAccessible(visitor, 'memorials: visitor');
      await visitor.screenshot({ path: 'test-results/memorials-visitor.png', fullPage: true });
      await visitorContext.close();

      // The relative signs up with the invited address, pays the registration fee (memorials
      // need completed registration) and accepts from /memorials.
      const relativeContext = await browser.newContext();
      const relative = await relativeContext.newPage();
      await registerAndPayFee(relative, stack, relativeInput);
      await relative.goto(`${stack.gatewayUrl}/memorials`);
      await relative.getByText('You have been invited to the memorial of').waitFor();
      await expectAccessible(relative, 'memorials: an invitation');
      await relative
        .getByRole('button', { name: 'Accept the invitation to the memorial of Amina bint Yusuf' })
        .click();
      await relative.waitForURL(`**/memorial/${familyId}`);
      await relative.getByRole('heading', { level: 1, name: 'Amina bint Yusuf' }).waitFor();
      expect(await relative.getByRole('button', { name: 'Edit Memorial' }).count()).toBe(0);

      // The relative shares a memory: checked first, then waiting for approval.
      await relative.getByRole('tab', { name: 'Memories (0)' }).click();
      await relative.getByRole('button', { name: 'Add Memory' }).click();
      const addMemory = relative.getByRole('dialog', { name: 'Add a Memory' });
      // The dialog takes the focus to its first field.
      await waitForFocus(addMemory.getByRole('textbox', { name: 'Title', exact: true }));
      await addMemory.getByRole('button', { name: 'Share Memory' }).click();
      await addMemory.getByText('Title is required', { exact: true }).waitFor();
      await addMemory.getByText('Content is required', { exact: true }).waitFor();
      await expectAccessible(relative, 'add memory dialog: empty');
      await addMemory.getByRole('textbox', { name: 'Title', exact: true }).fill('Eid in Cairo');
      await addMemory
        .getByRole('textbox', { name: 'Memory', exact: true })
        .fill('She made <i>kahk</i> for the whole street.');
      await addMemory.getByLabel('Date of the memory (optional)').fill('1975-10-06');
      await addMemory.getByRole('button', { name: 'Share Memory' }).click();
      await relative.getByText('Memory Submitted').first().waitFor();
      await relative
        .getByText('Your memory has been submitted and will appear once the family approves it.')
        .first()
        .waitFor();
      await addMemory.waitFor({ state: 'hidden' });
      // Its contributor sees it, marked as waiting; it is not counted yet.
      await relative.getByText('Awaiting approval').waitFor();
      await relative.getByText('She made <i>kahk</i> for the whole street.').waitFor();
      await relative.getByRole('tab', { name: 'Memories (0)' }).waitFor();
      await expectAccessible(relative, 'memories: pending for its contributor');

      // The creator's bell shows the request live; the memory is in the creator's queue only.
      await creator.getByTestId('notification-bell').click();
      await creator.getByText('New Memory Awaiting Approval').first().waitFor({ timeout: 30_000 });
      await creator.keyboard.press('Escape');
      await creator.reload();
      await creator.getByRole('tab', { name: 'Memories (0)' }).click();
      const queue = creator.getByRole('region', { name: /Waiting for approval/ });
      await queue.getByText('Eid in Cairo').waitFor();
      await creator.getByText('By Omar Yusuf').first().waitFor();
      await expectAccessible(creator, 'memories: moderation queue');
      await creator.screenshot({ path: 'test-results/memorials-queue.png', fullPage: true });
      await creator.getByRole('button', { name: 'Approve Eid in Cairo' }).click();
      await creator.getByText('Memory Approved').first().waitFor();
      await creator.getByRole('tab', { name: 'Memories (1)' }).waitFor();
      await queue.getByText('No memories are waiting for approval.').waitFor();

      // The creator's own memory is shared at once, with the spec's toast.
      await creator.getByRole('button', { name: 'Add Memory' }).click();
      const own = creator.getByRole('dialog', { name: 'Add a Memory' });
      await own.getByRole('textbox', { name: 'Title', exact: true }).fill('The new house');
      await own
        .getByRole('textbox', { name: 'Memory', exact: true })
        .fill('Everyone came to help paint it.');
      await own.getByLabel('Date of the memory (optional)').fill('2001-07-15');
      await expectAccessible(creator, 'add memory dialog: filled in');
      await own.getByRole('button', { name: 'Share Memory' }).click();
      await creator.getByText('Memory Added').first().waitFor();
      await creator.getByText('Your memory has been shared successfully.').first().waitFor();
      await creator.getByRole('tab', { name: 'Memories (2)' }).waitFor();

      // The timeline: birth, the memories by their dates, death.
      await creator.getByRole('tab', { name: 'Timeline' }).click();
      const timeline = creator.getByRole('list', { name: 'Timeline' });
      await timeline.getByText('The new house').waitFor();
      const entries = await timeline.getByRole('listitem').allInnerTexts();
      expect(entries.map((entry) => entry.split('\n')[0]?.trim())).toEqual([
        'Born in Cairo',
        'Memory',
        'Memory',
        'Passed away in Alexandria',
      ]);
      expect(entries[1]).toContain('Eid in Cairo');
      expect(entries[1]).toContain('October 6, 1975');
      expect(entries[2]).toContain('The new house');
      expect(entries.every((entry) => / AH\)/.test(entry))).toBe(true);
      await expectAccessible(creator, 'memorial: timeline');
      await creator.screenshot({ path: 'test-results/memorials-timeline.png', fullPage: true });

      // The relative now sees the approved memory, listed and counted.
      await relative.reload();
      await relative.getByRole('tab', { name: 'Memories (2)' }).click();
      await relative.getByText('Eid in Cairo').waitFor();
      expect(await relative.getByText('Awaiting approval').count()).toBe(0);
      await relative.getByText('The new house').waitFor();
      await expectAccessible(relative, 'memories: approved, for the relative');
      // A connected relative may neither edit nor deactivate.
      expect(await relative.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
      await relativeContext.close();

      // Markup in every text field of the public memorial is shown as the text it is.
      const alerts: string[] = [];
      creator.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      const markedName = '<s>Yusuf</s> ibn Ali';
      await creator.goto(`${stack.gatewayUrl}/memorial/${publicId}`);
      await creator.getByRole('button', { name: 'Edit Memorial' }).click();
      const editPublic = creator.getByRole('dialog', { name: 'Edit Memorial' });
      await editPublic.getByRole('textbox', { name: 'Full name' }).fill(markedName);
      await editPublic.getByLabel('Date of death').fill('2001-03-04');
      await editPublic.getByLabel('Place of birth').fill('<i>Giza</i>');
      await editPublic.getByLabel('Place of death').fill('<u>Luxor</u>');
      await editPublic.getByLabel('Biography').fill('<img src=x onerror=alert(1)>');
      await editPublic.getByRole('button', { name: 'Save Changes' }).click();
      await editPublic.waitFor({ state: 'hidden' });
      await creator.getByRole('heading', { level: 1, name: markedName }).waitFor();
      await creator.getByText('Born in <i>Giza</i>').waitFor();
      await creator.getByText('<img src=x onerror=alert(1)>').waitFor();
      await creator.getByRole('tab', { name: 'Memories (0)' }).click();
      await creator.getByRole('button', { name: 'Add Memory' }).click();
      const marked = creator.getByRole('dialog', { name: 'Add a Memory' });
      await marked
        .getByRole('textbox', { name: 'Title', exact: true })
        .fill('<script>alert(2)</script>');
      await marked.getByRole('textbox', { name: 'Memory', exact: true }).fill('<b>bold</b>');
      await marked.getByRole('button', { name: 'Share Memory' }).click();
      await creator.getByText('Memory Added').first().waitFor();
      await creator.getByText('<script>alert(2)</script>').first().waitFor();
      await creator.getByText('<b>bold</b>').waitFor();
      await creator.getByRole('tab', { name: 'Photos (0)' }).click();
      await creator.locator('input[type="file"]').setInputFiles(photoPath);
      await creator.getByLabel('Caption (optional)').fill('<em>At the Nile</em>');
      await creator.getByRole('button', { name: 'Upload Photo' }).click();
      await creator.getByText('<em>At the Nile</em>', { exact: true }).waitFor();
      await creator.getByRole('img', { name: '<em>At the Nile</em>' }).waitFor();
      await creator.getByRole('tab', { name: 'Timeline' }).click();
      await creator.getByText('Passed away in <u>Luxor</u>').waitFor();
      const main = creator.locator('main');
      expect(await main.locator('s, i, u, em, b, script, img[src="x"]').count()).toBe(0);
      expect(alerts).toEqual([]);

      // Its creator deactivates it, by keyboard: the dialog takes the focus and keeps it.
      const deactivateButton = creator.getByRole('button', { name: 'Deactivate', exact: true });
      await tabTo(creator, deactivateButton, { backwards: true });
      await creator.keyboard.press('Enter');
      const confirmDeactivate = creator.getByRole('dialog', { name: 'Deactivate this memorial?' });
      await confirmDeactivate.getByText(markedName, { exact: false }).waitFor();
      await waitForFocus(confirmDeactivate.getByRole('button', { name: 'Keep It' }));
      for (let press = 0; press < 5; press += 1) {
        await creator.keyboard.press('Tab');
        expect(
          await creator.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
        ).toBe(true);
      }
      await expectAccessible(creator, 'deactivate memorial dialog');
      await creator.screenshot({ path: 'test-results/memorials-deactivate.png', fullPage: true });
      // Escape keeps it, and the focus goes back to the button.
      await creator.keyboard.press('Escape');
      await confirmDeactivate.waitFor({ state: 'hidden' });
      await waitForFocus(deactivateButton);
      await creator.getByRole('heading', { level: 1, name: markedName }).waitFor();
      await creator.keyboard.press('Enter');
      // A failure (answered here with an error) is said in the dialog, which stays open.
      const deactivation = (url: URL) => url.pathname === '/graphql';
      await creator.route(deactivation, async (route) => {
        if (route.request().postData()?.includes('DeactivateMemorial')) {
          await route.fulfill({
            json: { data: null, errors: [{ message: 'Boom', extensions: { code: 'INTERNAL' } }] },
          });
        } else await route.fallback();
      });
      await confirmDeactivate.getByRole('button', { name: 'Deactivate' }).click();
      await confirmDeactivate
        .getByRole('alert')
        .getByText('Failed to deactivate the memorial page. Please try again.')
        .waitFor();
      await expectAccessible(creator, 'deactivate memorial dialog: failed');
      await creator.unroute(deactivation);
      await confirmDeactivate.getByRole('button', { name: 'Deactivate' }).click();
      await creator.waitForURL('**/memorials');
      await creator.getByText('Memorial Deactivated').first().waitFor();
      await creator.getByRole('link', { name: 'Amina bint Yusuf' }).waitFor();
      expect(await creator.getByRole('link', { name: markedName }).count()).toBe(0);
      // Then it is found by nobody, its creator included, and the visitors' list is empty.
      await creator.goto(`${stack.gatewayUrl}/memorial/${publicId}`);
      await creator.getByText(NOT_FOUND_TEXT).waitFor();
      const lateVisitorContext = await browser.newContext();
      const lateVisitor = await lateVisitorContext.newPage();
      await lateVisitor.goto(`${stack.gatewayUrl}/memorial/${publicId}`);
      await lateVisitor.getByRole('heading', { name: 'Memorial Not Found' }).waitFor();
      await lateVisitor.goto(`${stack.gatewayUrl}/memorials`);
      await lateVisitor.getByText('There are no public memorial pages yet.').waitFor();
      await lateVisitorContext.close();
    } catch (error) {
      await creator
        .screenshot({ path: 'test-results/memorials-failure.png', fullPage: true })
        .catch(() => undefined);
      throw new Error(
        `${(error as Error).message}\nlogs: ${logs
          .filter((line) => /memorials|gateway|notifications/.test(line))
          .slice(-30)
          .join('\n')}`,
      );
    } finally {
      await creatorContext.close();
    }
  }, 600_000);
});

/**
 * Drags `from` onto `to` with the mouse as a person would: press, a first small move (a drag
 * starts after a few pixels), then on to the target in steps, release.
 */
async function dragByMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  // The mouse acts on the viewport: both handles are brought into it first.
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('a drag handle is not on screen');
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 12, y, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 20 });
  await page.mouse.up();
}

/** Resolves with whether the next reorder the page sends is answered without errors. */
async function reorderAnswered(page: Page): Promise<boolean> {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.url().endsWith('/graphql') &&
      (candidate.request().postData() ?? '').includes('ReorderMemorialPhotos'),
    { timeout: 30_000 },
  );
  const body = (await response.json()) as { errors?: unknown[] };
  return response.ok() && !body.errors?.length;
}

/** Waits until the image has loaded (a presigned GET the page's CSP allows). */
async function waitForImage(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (css) => {
      const image = document.querySelector<HTMLImageElement>(css);
      return Boolean(image && image.complete && image.naturalWidth > 0);
    },
    selector,
    { timeout: 30_000 },
  );
}

/** A real PNG of one colour: signature, IHDR, IDAT (zlib), IEND. */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  // A soft diagonal gradient, so the photo is told apart from a plain avatar on screenshots.
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row.writeUInt8(Math.round((255 * x) / width), 1 + x * 3);
      row.writeUInt8(Math.round((255 * y) / height), 2 + x * 3);
      row.writeUInt8(160, 3 + x * 3);
    }
    return row;
  });
  const pixels = Buffer.concat(rows);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The GraphQL query a request carries; '' for any other request. */
function queryOf(request: Request): string {
  try {
    return String((request.postDataJSON() as { query?: unknown } | null)?.query ?? '');
  } catch {
    return '';
  }
}
