import {
  COMPLETE_SIGN_IN,
  IdentityHarness,
  SIGN_IN,
  totpCode,
  type TestUser,
} from '../testing/identity-harness';

const SETUP = 'mutation { setupTotp { manualEntryKey qrCodeDataUrl } }';
const ENABLE_AUTHENTICATOR = `mutation($code: String!) {
  enableAuthenticator(code: $code) { recoveryCodes user { totpEnabled smsSignInEnabled } }
}`;
const DISABLE_AUTHENTICATOR = `mutation($password: String, $code: String) {
  disableAuthenticator(currentPassword: $password, code: $code) { totpEnabled }
}`;
const ENABLE_SMS = `mutation {
  enableSmsSignIn { recoveryCodes user { smsSignInEnabled phoneVerified } }
}`;
const DISABLE_SMS = `mutation($password: String) {
  disableSmsSignIn(currentPassword: $password) { smsSignInEnabled }
}`;
const NEW_RECOVERY_CODES = `mutation($password: String) { newRecoveryCodes(currentPassword: $password) }`;
const SEND_SMS = 'mutation { sendVerificationCode(method: SMS) { sentTo } }';
const VERIFY_SMS = `mutation($code: String!) {
  verifyCode(method: SMS, code: $code) { phoneVerified }
}`;
const UPDATE_PHONE = `mutation($phone: String!) {
  updateProfile(input: { phone: $phone }) { phone phoneVerified }
}`;
const SECURITY = '{ me { totpEnabled smsSignInEnabled phoneVerified } }';

const CODE_INVALID = 'The code is incorrect or has expired. Please check it and try again.';
const SECURITY_SUBJECT = 'Your JIBS sign-in security changed';
const as = (user: TestUser) => ({ token: user.accessToken });
const sixDigits = (text: string) => /(\d{6})/.exec(text)![1]!;
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe("a member's second factor", () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  /** A member with a phone number of their own (texts are read by number). */
  async function aMemberWithPhone(): Promise<TestUser & { phone: string }> {
    const digits = `313${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const member = await identity.aMember({ phone: digits });
    return { ...member, phone: `+1${digits}` };
  }

  async function signIn(member: TestUser) {
    const { body } = await identity.gql(SIGN_IN, {
      input: { email: member.email, password: member.password },
    });
    return body.data?.signIn as {
      session: { accessToken: string } | null;
      challenge: { kind: string; token: string } | null;
    };
  }

  /** setupTotp then enableAuthenticator; the secret and the recovery codes. */
  async function turnOnAuthenticator(member: TestUser) {
    const setup = await identity.gql(SETUP, undefined, as(member));
    const secret: string = setup.body.data.setupTotp.manualEntryKey;
    const code = await totpCode(secret);
    const { body } = await identity.gql(ENABLE_AUTHENTICATOR, { code }, as(member));
    expect(body.errors).toBeUndefined();
    return { secret, code, recoveryCodes: body.data.enableAuthenticator.recoveryCodes as string[] };
  }

  async function verifyPhone(member: TestUser & { phone: string }) {
    await identity.gql(SEND_SMS, undefined, as(member));
    const sms = await identity.lastMailTo(member.phone);
    const { body } = await identity.gql(VERIFY_SMS, { code: sixDigits(sms.text) }, as(member));
    expect(body.data.verifyCode.phoneVerified).toBe(true);
  }

  it('turns on an authenticator with its code: recovery codes once, other sessions end, the member is emailed', async () => {
    const member = await identity.aMember();
    const elsewhere = await signIn(member);
    const setup = await identity.gql(SETUP, undefined, as(member));
    expect(setup.body.data.setupTotp.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret: string = setup.body.data.setupTotp.manualEntryKey;

    const wrong = await identity.gql(
      ENABLE_AUTHENTICATOR,
      { code: otherThan(await totpCode(secret)) },
      as(member),
    );
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await identity.gql(SECURITY, undefined, as(member))).body.data.me.totpEnabled).toBe(
      false,
    );
    expect(await identity.count('recovery_codes', 'user_id = $1', [member.id])).toBe(0);

    const { body } = await identity.gql(
      ENABLE_AUTHENTICATOR,
      { code: await totpCode(secret) },
      as(member),
    );
    expect(body.errors).toBeUndefined();
    const codes: string[] = body.data.enableAuthenticator.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){2}$/);
    // Stored hashed only.
    const stored = await identity.dataSource.query(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [member.id],
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.code_hash);

    const mail = await identity.lastMailTo(member.email);
    expect(mail.subject).toBe(SECURITY_SUBJECT);
    expect(mail.text).toContain('An authenticator app was turned on');
    // The other session (signed in before) has ended; this one goes on.
    expect(elsewhere.session).not.toBeNull();
    const other = await identity.gql(SECURITY, undefined, {
      token: elsewhere.session!.accessToken,
    });
    expect(other.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await identity.gql(SECURITY, undefined, as(member))).body.data.me.totpEnabled).toBe(
      true,
    );
  });

  it('asks for the code at sign-in: a wrong or replayed code is refused, a recovery code works once', async () => {
    const member = await identity.aMember();
    const { secret, code: usedCode, recoveryCodes } = await turnOnAuthenticator(member);

    const first = await signIn(member);
    expect(first.session).toBeNull();
    expect(first.challenge?.kind).toBe('TOTP_CODE');
    const replayed = await identity.gql(COMPLETE_SIGN_IN, {
      token: first.challenge!.token,
      code: usedCode,
    });
    expect(replayed.body.errors?.[0]?.message).toBe(CODE_INVALID);
    const wrong = await identity.gql(COMPLETE_SIGN_IN, {
      token: first.challenge!.token,
      code: otherThan(await totpCode(secret, 1)),
    });
    expect(wrong.body.errors?.[0]?.message).toBe(CODE_INVALID);

    // Typed as shown or not: case, spaces and hyphens do not matter.
    const recovery = recoveryCodes[0]!;
    const byRecovery = await identity.gql(COMPLETE_SIGN_IN, {
      token: first.challenge!.token,
      code: ` ${recovery.toUpperCase().replace(/-/g, ' ')} `,
    });
    expect(byRecovery.body.errors).toBeUndefined();
    expect(byRecovery.body.data.completeSignIn.user.id).toBe(member.id);
    const notice = await identity.lastMailTo(member.email);
    expect(notice.subject).toBe('A JIBS recovery code was used');
    expect(notice.text).toContain('9 are left');

    const second = await signIn(member);
    const reused = await identity.gql(COMPLETE_SIGN_IN, {
      token: second.challenge!.token,
      code: recovery,
    });
    expect(reused.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // Another member's recovery code is nobody else's.
    const stranger = await identity.aMember();
    const strangers = await turnOnAuthenticator(stranger);
    const borrowed = await identity.gql(COMPLETE_SIGN_IN, {
      token: second.challenge!.token,
      code: strangers.recoveryCodes[0],
    });
    expect(borrowed.body.errors?.[0]?.message).toBe(CODE_INVALID);
    const malformed = await identity.gql(COMPLETE_SIGN_IN, {
      token: second.challenge!.token,
      code: 'not-a-code',
    });
    expect(malformed.body.errors?.[0]).toMatchObject({
      message: 'Please enter the 6-digit code or one of your recovery codes',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('throttles guessing the second factor: after five wrong codes even the right one is refused', async () => {
    const member = await identity.aMember();
    const { secret } = await turnOnAuthenticator(member);
    const { challenge } = await signIn(member);
    const address = '10.9.9.9';
    const right = await totpCode(secret, 1);
    for (let i = 0; i < 5; i++) {
      const { body } = await identity.gql(
        COMPLETE_SIGN_IN,
        { token: challenge!.token, code: otherThan(right) },
        { address },
      );
      expect(body.errors?.[0]?.message).toBe(CODE_INVALID);
    }
    const late = await identity.gql(
      COMPLETE_SIGN_IN,
      { token: challenge!.token, code: right },
      { address },
    );
    expect(late.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    expect(late.body.data).toBeNull();
  });

  it('turns the authenticator off only with the password and a code, for its own account', async () => {
    const member = await identity.aMember();
    const { secret } = await turnOnAuthenticator(member);
    const other = await identity.aMember();

    const noPassword = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { code: await totpCode(secret, 1) },
      as(member),
    );
    expect(noPassword.body.errors?.[0]).toMatchObject({
      message: 'Please enter your current password.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const wrongPassword = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { password: 'not-the-password', code: await totpCode(secret, 1) },
      as(member),
    );
    expect(wrongPassword.body.errors?.[0]?.message).toBe('The password is not correct.');
    const noCode = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { password: member.password },
      as(member),
    );
    expect(noCode.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const wrongCode = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { password: member.password, code: otherThan(await totpCode(secret, 1)) },
      as(member),
    );
    expect(wrongCode.body.errors?.[0]?.message).toBe(CODE_INVALID);
    // Another member's session, with their own password, reaches only their own account.
    const byOther = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { password: other.password, code: await totpCode(secret, 1) },
      as(other),
    );
    expect(byOther.body.errors?.[0]?.message).toBe('The authenticator app is not turned on.');
    expect((await identity.gql(SECURITY, undefined, as(member))).body.data.me.totpEnabled).toBe(
      true,
    );
    expect(await identity.count('recovery_codes', 'user_id = $1', [member.id])).toBe(10);

    const off = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { password: member.password, code: await totpCode(secret, 1) },
      as(member),
    );
    expect(off.body.errors).toBeUndefined();
    expect(off.body.data.disableAuthenticator.totpEnabled).toBe(false);
    expect(await identity.count('recovery_codes', 'user_id = $1', [member.id])).toBe(0);
    expect(await identity.count('totp_credentials', 'user_id = $1', [member.id])).toBe(0);
    expect((await identity.lastMailTo(member.email)).text).toContain(
      'The authenticator app was turned off',
    );
    expect((await signIn(member)).session).not.toBeNull();
  });

  it('keeps an admin’s authenticator on', async () => {
    const admin = await identity.anAdmin();
    const { body } = await identity.gql(
      DISABLE_AUTHENTICATOR,
      { password: admin.password, code: await totpCode(admin.totpSecret!, 1) },
      as(admin),
    );
    expect(body.errors?.[0]?.message).toBe('Admins must keep an authenticator app for signing in.');
    expect(
      await identity.count('totp_credentials', 'user_id = $1 AND secret IS NOT NULL', [admin.id]),
    ).toBe(1);
  });

  it('refuses codes by text message until the phone is verified', async () => {
    const member = await aMemberWithPhone();
    const refused = await identity.gql(ENABLE_SMS, undefined, as(member));
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Please verify your phone number before turning on codes by text message.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await identity.gql(SECURITY, undefined, as(member))).body.data.me).toEqual({
      totpEnabled: false,
      smsSignInEnabled: false,
      phoneVerified: false,
    });
    expect(await identity.count('recovery_codes', 'user_id = $1', [member.id])).toBe(0);
  });

  it('texts a sign-in code to the verified phone once on; the code works once', async () => {
    const member = await aMemberWithPhone();
    await verifyPhone(member);
    const { body } = await identity.gql(ENABLE_SMS, undefined, as(member));
    expect(body.errors).toBeUndefined();
    expect(body.data.enableSmsSignIn.user).toEqual({ smsSignInEnabled: true, phoneVerified: true });
    expect(body.data.enableSmsSignIn.recoveryCodes).toHaveLength(10);
    expect((await identity.lastMailTo(member.email)).text).toContain(
      'Sign-in codes by text message were turned on',
    );

    const { challenge, session } = await signIn(member);
    expect(session).toBeNull();
    expect(challenge?.kind).toBe('SMS_CODE');
    const sms = await identity.lastMailTo(member.phone);
    expect(sms.text).toMatch(/^Your JIBS sign-in code is \d{6}\./);
    const code = sixDigits(sms.text);
    const wrong = await identity.gql(COMPLETE_SIGN_IN, {
      token: challenge!.token,
      code: otherThan(code),
    });
    expect(wrong.body.errors?.[0]?.message).toBe(CODE_INVALID);
    const done = await identity.gql(COMPLETE_SIGN_IN, { token: challenge!.token, code });
    expect(done.body.errors).toBeUndefined();
    const replayed = await identity.gql(COMPLETE_SIGN_IN, { token: challenge!.token, code });
    expect(replayed.body.errors?.[0]).toMatchObject({
      message: 'Your sign-in has expired. Please sign in again.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    // The code belongs to its challenge: not to the next sign-in.
    const next = await signIn(member);
    const elsewhere = await identity.gql(COMPLETE_SIGN_IN, { token: next.challenge!.token, code });
    expect(elsewhere.body.errors?.[0]?.message).toBe(CODE_INVALID);
  });

  it('keeps the number while texts sign in, and a new number is unverified', async () => {
    const member = await aMemberWithPhone();
    await verifyPhone(member);
    await identity.gql(ENABLE_SMS, undefined, as(member));
    const locked = await identity.gql(UPDATE_PHONE, { phone: '(313) 555-0123' }, as(member));
    expect(locked.body.errors?.[0]).toMatchObject({
      message:
        'Codes by text message are on for this number. Please turn them off before changing your phone number.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const [row] = await identity.dataSource.query('SELECT phone FROM accounts WHERE id = $1', [
      member.id,
    ]);
    expect(row.phone).toBe(member.phone);

    const noPassword = await identity.gql(DISABLE_SMS, {}, as(member));
    expect(noPassword.body.errors?.[0]?.message).toBe('Please enter your current password.');
    const off = await identity.gql(DISABLE_SMS, { password: member.password }, as(member));
    expect(off.body.data.disableSmsSignIn.smsSignInEnabled).toBe(false);
    expect(await identity.count('recovery_codes', 'user_id = $1', [member.id])).toBe(0);

    const moved = await identity.gql(UPDATE_PHONE, { phone: '(313) 555-0123' }, as(member));
    expect(moved.body.data.updateProfile).toEqual({ phone: '+13135550123', phoneVerified: false });
    const again = await identity.gql(ENABLE_SMS, undefined, as(member));
    expect(again.body.errors?.[0]?.message).toBe(
      'Please verify your phone number before turning on codes by text message.',
    );
  });

  it('makes new recovery codes with the password; the earlier ones stop working', async () => {
    const member = await identity.aMember();
    const { recoveryCodes } = await turnOnAuthenticator(member);
    const refused = await identity.gql(NEW_RECOVERY_CODES, {}, as(member));
    expect(refused.body.errors?.[0]?.message).toBe('Please enter your current password.');
    const { body } = await identity.gql(
      NEW_RECOVERY_CODES,
      { password: member.password },
      as(member),
    );
    const fresh: string[] = body.data.newRecoveryCodes;
    expect(fresh).toHaveLength(10);
    const { challenge } = await signIn(member);
    const old = await identity.gql(COMPLETE_SIGN_IN, {
      token: challenge!.token,
      code: recoveryCodes[1],
    });
    expect(old.body.errors?.[0]?.message).toBe(CODE_INVALID);
    const current = await identity.gql(COMPLETE_SIGN_IN, {
      token: challenge!.token,
      code: fresh[1],
    });
    expect(current.body.errors).toBeUndefined();

    const plain = await identity.aMember();
    const none = await identity.gql(NEW_RECOVERY_CODES, { password: plain.password }, as(plain));
    expect(none.body.errors?.[0]?.message).toBe(
      'Recovery codes are made once a second factor is turned on.',
    );
  });

  it('refuses every change without a session', async () => {
    for (const [query, variables] of [
      [ENABLE_AUTHENTICATOR, { code: '123456' }],
      [DISABLE_AUTHENTICATOR, { password: 'x', code: '123456' }],
      [ENABLE_SMS, {}],
      [DISABLE_SMS, { password: 'x' }],
      [NEW_RECOVERY_CODES, { password: 'x' }],
    ] as const) {
      const { body } = await identity.gql(query, variables);
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
  });
});
