import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LocalStack } from '@jibs/stack';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { COMPLETE_SIGN_UP, signUpByApi, signUpCode, START_SIGN_UP } from './support/sign-up';
import { enterCode, latestMail, signIn, signOut, startSignUpInBrowser } from './support/web-flows';

const CODE_INVALID = 'The code is incorrect or has expired. Please check it and try again.';
const SIGN_IN = `mutation($input: SignInInput!) {
  signIn(input: $input) { session { accessToken } challenge { kind token } }
}`;
const COMPLETE_SIGN_IN = `mutation($token: String!, $code: String!) {
  completeSignIn(challengeToken: $token, code: $code) { accessToken user { id } }
}`;
const SETUP = 'mutation { setupTotp { manualEntryKey } }';
const ENABLE = 'mutation($code: String!) { enableAuthenticator(code: $code) { recoveryCodes } }';
const DISABLE = `mutation($password: String, $code: String) {
  disableAuthenticator(currentPassword: $password, code: $code) { totpEnabled }
}`;
const ENABLE_SMS = 'mutation { enableSmsSignIn { recoveryCodes } }';
const ME = '{ me { id totpEnabled smsSignInEnabled } }';

/** The code an authenticator shows `stepsAhead` 30-second steps from now. */
const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
/** A phone number of this test's own: texts are read from the mailbox by number. */
const aPhone = () => `313${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe("members' second factor, in Chromium and through the gateway", () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const graphql = () => new GraphQLClient(`${stack.gatewayUrl}/graphql`);

  beforeAll(async () => {
    [{ stack, stop }, browser] = await Promise.all([startE2eStack(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  /** A member who signed up and paid the fee through the gateway (so /profile is open). */
  async function aRegisteredMember() {
    const input = aSignUp();
    const client = graphql();
    const { user } = await signUpByApi(client, stack, input);
    await payRegistrationByApi(client, stack, user.id);
    return { client, id: user.id, email: String(input.email), password: String(input.password) };
  }

  /** The password step; the second step's code boxes then show. */
  async function signInToSecondStep(email: string, password: string) {
    await signIn(page, stack, email, password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
  }

  it('turns on an authenticator from /profile, signs in with its code, and uses a recovery code once', async () => {
    const member = await aRegisteredMember();
    await signIn(page, stack, member.email, member.password);
    await page.waitForURL('**/dashboard**');
    await page.goto(`${stack.gatewayUrl}/profile`);
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Turn On Authenticator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on an authenticator app' });
    const key = await dialog.getByTestId('totp-manual-key').getAttribute('data-key');
    expect(key).toMatch(/^[A-Z2-7]+=*$/);
    // The QR code is drawn by the server (a data URL), never by a third party.
    expect(await dialog.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await expectAccessible(page, 'profile: authenticator set-up dialog');
    await enterCode(page, otherThan(await totp(key!)));
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    await dialog.getByText('Invalid Code').waitFor();
    await enterCode(page, await totp(key!));
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    const list = dialog.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await expectAccessible(page, 'profile: recovery codes dialog');
    await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await security.getByRole('button', { name: 'Turn Off Authenticator' }).waitFor();
    await expectAccessible(page, 'profile: security section, authenticator on');
    const notice = await latestMail(stack, member.email, /(An authenticator app was turned on)/);
    expect(notice[1]).toBeTruthy();

    await signOut(page);
    await signInToSecondStep(member.email, member.password);
    await expectAccessible(page, 'sign in: authenticator code');
    // The step used to turn it on is spent: the app's next code signs in.
    await enterCode(page, await totp(key!, 1));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard**');

    await signOut(page);
    await signInToSecondStep(member.email, member.password);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await expectAccessible(page, 'sign in: recovery code');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard**');

    await signOut(page);
    await signInToSecondStep(member.email, member.password);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText(CODE_INVALID).waitFor();
    await expectAccessible(page, 'sign in: recovery code refused');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('lets a new member choose codes by text message in step 2, then asks for a texted code at sign-in', async () => {
    const phone = aPhone();
    const input = aSignUp({ phone });
    const email = String(input.email);
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await startSignUpInBrowser(page, stack, input);
    await enterCode(page, await signUpCode(stack, email, startedAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('How would you like to verify your sign-ins?').waitFor();
    await page
      .getByText(/Step 2 of 5/)
      .first()
      .waitFor();
    await expectAccessible(page, 'register: sign-in verification choice');

    await page.getByRole('radio', { name: /^Text message \(SMS\)/ }).click();
    const askedAt = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('We sent a 6-digit code by text message', { exact: false }).waitFor();
    const [, smsCode] = await latestMail(
      stack,
      `+1${phone}`,
      /verification code is (\d{6})/,
      askedAt,
    );
    await enterCode(page, smsCode!);
    await page.getByRole('button', { name: 'Verify' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(10);
    await expectAccessible(page, 'register: recovery codes');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Household Members' }).first().waitFor();

    await signOut(page);
    const signInAt = new Date(Date.now() - 1000).toISOString();
    await signIn(page, stack, email, String(input.password));
    await page
      .getByText('Enter the 6-digit code we just texted to your phone', { exact: false })
      .waitFor();
    await expectAccessible(page, 'sign in: texted code');
    const [, signInCode] = await latestMail(
      stack,
      `+1${phone}`,
      /sign-in code is (\d{6})/,
      signInAt,
    );
    await enterCode(page, signInCode!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/register**');
    await page.getByRole('heading', { name: 'Household Members' }).first().waitFor();
  });

  it('completes a sign-up retried with the same token and code, and refuses any other code', async () => {
    const input = aSignUp();
    const client = graphql();
    const startedAt = new Date(Date.now() - 1000).toISOString();
    const started = await client.request<{ startSignUp: { signUpToken: string } }>(START_SIGN_UP, {
      input,
    });
    const signUpToken = started.data!.startSignUp.signUpToken;
    const code = await signUpCode(stack, String(input.email), startedAt);
    type Done = { completeSignUp: { user: { id: string } } };
    const first = await client.request<Done>(COMPLETE_SIGN_UP, { signUpToken, code });
    // The answer was lost: the same request again signs in to the same account.
    const retried = await graphql().request<Done>(COMPLETE_SIGN_UP, { signUpToken, code });
    expect(retried.errors).toBeUndefined();
    expect(retried.data!.completeSignUp.user.id).toBe(first.data!.completeSignUp.user.id);
    const attacker = await graphql().request(COMPLETE_SIGN_UP, {
      signUpToken,
      code: otherThan(code),
    });
    expect(attacker.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(attacker.data).toBeNull();
  });

  it('refuses an attacker: wrong, replayed and reused codes, another member, no password, no verified phone, and guessing', async () => {
    const victim = graphql();
    const input = aSignUp();
    await signUpByApi(victim, stack, input);
    const secret = (await victim.request<{ setupTotp: { manualEntryKey: string } }>(SETUP)).data!
      .setupTotp.manualEntryKey;
    const usedCode = await totp(secret);
    const enabled = await victim.request<{ enableAuthenticator: { recoveryCodes: string[] } }>(
      ENABLE,
      { code: usedCode },
    );
    const recovery = enabled.data!.enableAuthenticator.recoveryCodes;
    const credentials = { email: input.email, password: input.password };

    type Started = { signIn: { challenge: { kind: string; token: string } | null } };
    const challenge = async () =>
      (await graphql().request<Started>(SIGN_IN, { input: credentials })).data!.signIn.challenge!;
    const first = await challenge();
    expect(first.kind).toBe('TOTP_CODE');
    const replayed = await graphql().request(COMPLETE_SIGN_IN, {
      token: first.token,
      code: usedCode,
    });
    expect(replayed.errors?.[0]?.message).toBe(CODE_INVALID);
    const wrong = await graphql().request(COMPLETE_SIGN_IN, {
      token: first.token,
      code: otherThan(await totp(secret, 1)),
    });
    expect(wrong.errors?.[0]?.message).toBe(CODE_INVALID);
    const byRecovery = await graphql().request(COMPLETE_SIGN_IN, {
      token: first.token,
      code: recovery[0],
    });
    expect(byRecovery.errors).toBeUndefined();
    const reused = await graphql().request(COMPLETE_SIGN_IN, {
      token: (await challenge()).token,
      code: recovery[0],
    });
    expect(reused.errors?.[0]?.message).toBe(CODE_INVALID);

    // Another member's session turns off nothing of the victim's.
    const other = graphql();
    const otherInput = aSignUp();
    await signUpByApi(other, stack, otherInput);
    const byOther = await other.request(DISABLE, {
      password: otherInput.password,
      code: await totp(secret, 1),
    });
    expect(byOther.errors?.[0]?.message).toBe('The authenticator app is not turned on.');
    // A stolen session without the password turns off nothing either.
    const noPassword = await victim.request(DISABLE, { code: await totp(secret, 1) });
    expect(noPassword.errors?.[0]).toMatchObject({
      message: 'Please enter your current password.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const state = await victim.request<{ me: { totpEnabled: boolean } }>(ME);
    expect(state.data!.me.totpEnabled).toBe(true);

    // Texts need a verified phone.
    const sms = await other.request(ENABLE_SMS);
    expect(sms.errors?.[0]?.message).toBe(
      'Please verify your phone number before turning on codes by text message.',
    );
    expect((await other.request<{ me: { smsSignInEnabled: boolean } }>(ME)).data!.me).toMatchObject(
      { smsSignInEnabled: false },
    );

    // Guessing: the failures above count; by the fifth the right code is refused too.
    const last = await challenge();
    const right = await totp(secret, 1);
    let refused: { errors?: { extensions?: Record<string, unknown> }[] } | undefined;
    for (let i = 0; i < 5; i++) {
      refused = await graphql().request(COMPLETE_SIGN_IN, {
        token: last.token,
        code: otherThan(right),
      });
      if (refused.errors?.[0]?.extensions?.['code'] === 'RATE_LIMITED') break;
    }
    expect(refused!.errors?.[0]?.extensions?.['code']).toBe('RATE_LIMITED');
    const late = await graphql().request(COMPLETE_SIGN_IN, { token: last.token, code: right });
    expect(late.errors?.[0]?.extensions?.['code']).toBe('RATE_LIMITED');
  });
});
