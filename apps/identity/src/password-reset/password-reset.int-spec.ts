import { IdentityHarness, randomAddress, SIGN_IN } from '../testing/identity-harness';

const REQUEST = 'mutation($email: String) { requestPasswordReset(email: $email) }';
const RESET = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) }';
const REFRESH = 'mutation { refreshSession { accessToken } }';
const LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

describe('password reset', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  /** Requests a link for this email and returns its token, read from the mailbox. */
  async function resetLinkFor(email: string, typed = email): Promise<string> {
    const before = (await identity.mailsTo(email)).length;
    const { body } = await identity.gql(REQUEST, { email: typed });
    expect(body.data.requestPasswordReset).toBe(true);
    const mails = await identity.mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const link = /https:\/\/jibs\.example\.org\/reset-password\?token=(\S+)/.exec(mails[0]!.text);
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]!);
  }

  const reset = (token: string, password = 'brand-new-1', confirmPassword = password) =>
    identity.gql(RESET, { input: { token, password, confirmPassword } });

  it.each([
    [undefined, 'Please enter your email address first.'],
    ['', 'Please enter your email address first.'],
    ['not-an-email', 'Please enter a valid email address'],
  ])('refuses a request for %p and writes nothing', async (email, message) => {
    const before = await identity.throttled();
    const { body } = await identity.gql(REQUEST, { email });
    expect(body.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { email: message } },
    });
    expect(await identity.throttled()).toBe(before);
  });

  it('answers true for an unknown email too, sending and storing nothing', async () => {
    const before = await identity.count('password_reset_tokens');
    const { body } = await identity.gql(REQUEST, { email: 'no.such.member@example.com' });
    expect(body).toEqual({ data: { requestPasswordReset: true } });
    expect(await identity.mailsTo('no.such.member@example.com')).toEqual([]);
    expect(await identity.count('password_reset_tokens')).toBe(before);
  });

  it('emails a single-use link, stored hashed, that sets the password and ends every session', async () => {
    const member = await identity.aMember();
    const token = await resetLinkFor(member.email, ` ${member.email.toUpperCase()} `);
    const mail = (await identity.mailsTo(member.email))[0]!;
    expect(mail.subject).toBe('Reset your JIBS password');
    const [stored] = await identity.dataSource.query(
      'SELECT token_hash, expires_at FROM password_reset_tokens WHERE user_id = $1',
      [member.id],
    );
    expect(stored.token_hash).not.toBe(token);
    const minutes = (stored.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const { body } = await reset(token);
    expect(body).toEqual({ data: { resetPassword: true } });

    const oldPassword = await identity.gql(SIGN_IN, {
      input: { email: member.email, password: member.password },
    });
    expect(oldPassword.body.errors?.[0]?.message).toBe('Invalid login credentials');
    const newPassword = await identity.gql(SIGN_IN, {
      input: { email: member.email, password: 'brand-new-1' },
    });
    expect(newPassword.body.data.signIn.session.user.id).toBe(member.id);
    // The session from before the reset is over.
    const refresh = await identity.gql(REFRESH, undefined, { cookie: member.refreshCookie });
    expect(refresh.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    // Single use.
    const again = await reset(token, 'another-pass-2');
    expect(again.body.errors?.[0]).toMatchObject({
      message: LINK_INVALID,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { token: LINK_INVALID } },
    });
    const notice = await identity.lastMailTo(member.email);
    expect(notice.subject).toBe('Your JIBS password was changed');
    expect(notice.text).not.toMatch(/brand-new-1/);
  });

  it('accepts only the newest link', async () => {
    const member = await identity.aMember();
    const older = await resetLinkFor(member.email);
    const newer = await resetLinkFor(member.email);
    expect((await reset(older)).body.errors?.[0]?.message).toBe(LINK_INVALID);
    expect((await reset(newer)).body.data.resetPassword).toBe(true);
  });

  it('refuses an expired link', async () => {
    const member = await identity.aMember();
    const token = await resetLinkFor(member.email);
    await identity.dataSource.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [member.id],
    );
    expect((await reset(token)).body.errors?.[0]).toMatchObject({
      message: LINK_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const signIn = await identity.gql(SIGN_IN, {
      input: { email: member.email, password: member.password },
    });
    expect(signIn.body.data.signIn.session).toBeTruthy();
  });

  it.each([
    [
      'a short password',
      { password: '12345', confirmPassword: '12345' },
      'password',
      'Password must be at least 6 characters long',
    ],
    [
      'passwords that differ',
      { password: 'brand-new-1', confirmPassword: 'brand-new-2' },
      'confirmPassword',
      'Passwords do not match',
    ],
    ['no password', { password: null, confirmPassword: null }, 'password', 'Password is required'],
    ['no token', { token: null }, 'token', LINK_INVALID],
    ['a forged token', { token: 'x'.repeat(43) }, 'token', LINK_INVALID],
  ])('refuses %s, changing nothing', async (_label, overrides, field, message) => {
    const member = await identity.aMember();
    const token = await resetLinkFor(member.email);
    const before = await identity.dataSource.query(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [member.id],
    );
    const { body } = await identity.gql(RESET, {
      input: { token, password: 'brand-new-1', confirmPassword: 'brand-new-1', ...overrides },
    });
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
    expect(
      await identity.dataSource.query('SELECT password_hash FROM accounts WHERE id = $1', [
        member.id,
      ]),
    ).toEqual(before);
    expect(
      await identity.count('password_reset_tokens', 'user_id = $1 AND used_at IS NULL', [
        member.id,
      ]),
    ).toBe(1);
    const refresh = await identity.gql(REFRESH, undefined, { cookie: member.refreshCookie });
    expect(refresh.body.errors).toBeUndefined();
  });

  it('throttles requests per email and per address, whether or not the account exists', async () => {
    const member = await identity.aMember();
    for (const email of [member.email, 'throttled.unknown@example.com']) {
      for (let i = 0; i < 5; i++) {
        expect((await identity.gql(REQUEST, { email })).body.data.requestPasswordReset).toBe(true);
      }
      const sixth = await identity.gql(REQUEST, { email });
      expect(sixth.body.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    }
    const address = randomAddress();
    for (let i = 0; i < 20; i++) {
      await identity.gql(REQUEST, { email: `many${i}@example.com` }, { address });
    }
    const fromThere = await identity.gql(REQUEST, { email: 'fresh@example.com' }, { address });
    expect(fromThere.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
  });
});
