import { INVISIBLE_NAMES } from '@jibs/testing';
import { aSignUp, IdentityHarness, refreshCookieOf } from '../testing/identity-harness';

const START = `mutation($input: SignUpInput!) {
  startSignUp(input: $input) { signUpToken sentTo expiresAt }
}`;
const COMPLETE = `mutation($token: String!, $code: String!) {
  completeSignUp(signUpToken: $token, code: $code) {
    accessToken user { id email firstName verified verifiedWith }
  }
}`;
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const CODE_INVALID = 'The code is incorrect or has expired. Please check it and try again.';
const TOO_MANY = 'Too many incorrect codes. Please request a new code.';

describe('sign-up that does not tell whether an email is registered', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  async function codeFor(email: string): Promise<string> {
    const mail = await identity.lastMailTo(email);
    expect(mail.subject).toBe('Your JIBS verification code');
    return /(\d{6})/.exec(mail.text)![1]!;
  }

  it('emails a new address a code; the code creates the account, email verified, and signs in', async () => {
    const input = aSignUp();
    const started = await identity.gql(START, { input });
    expect(started.body.errors).toBeUndefined();
    const { signUpToken, sentTo } = started.body.data.startSignUp;
    expect(sentTo).toBe(`y***@example.com`);
    // Nothing exists until the address is proven.
    expect(await identity.count('accounts', 'email = $1', [input.email])).toBe(0);
    expect(started.res.headers.getSetCookie()).toEqual([]);

    const code = await codeFor(input.email);
    const wrong = await identity.gql(COMPLETE, {
      token: signUpToken,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const done = await identity.gql(COMPLETE, { token: signUpToken, code });
    expect(done.body.errors).toBeUndefined();
    const { accessToken, user } = done.body.data.completeSignUp;
    expect(user).toMatchObject({
      email: input.email,
      firstName: 'Yusuf',
      verified: true,
      verifiedWith: 'EMAIL',
    });
    expect(refreshCookieOf(done.res)).toMatch(/^jibs_refresh=/);
    // Other services read it from the token: registration (payment) needs a proven address.
    expect(claims(accessToken)).toMatchObject({ email_verified: true });
    const me = await identity.gql('{ me { id } }', undefined, { token: accessToken });
    expect(me.body.data.me.id).toBe(user.id);
    expect(await identity.outbox('user.registered', user.id)).toHaveLength(1);
    expect((await identity.outbox('user.verified', user.id)).map((e) => e.envelope.data)).toEqual([
      { userId: user.id, method: 'email' },
    ]);
    // One account, however often the answer is asked for again (see the retry test below).
    const again = await identity.gql(COMPLETE, { token: signUpToken, code });
    expect(again.body.data.completeSignUp.user.id).toBe(user.id);
    expect(await identity.count('accounts', 'email = $1', [input.email])).toBe(1);
    expect(await identity.outbox('user.registered', user.id)).toHaveLength(1);
  });

  it('is safe to retry: the same token and code sign in to the account made, another code learns nothing', async () => {
    const input = aSignUp();
    const { body } = await identity.gql(START, { input });
    const token = body.data.startSignUp.signUpToken;
    const code = await codeFor(input.email);
    // The answer is lost twice over: two tries at once, then one more.
    const [one, two] = await Promise.all([
      identity.gql(COMPLETE, { token, code }),
      identity.gql(COMPLETE, { token, code }),
    ]);
    expect(one.body.errors).toBeUndefined();
    expect(two.body.errors).toBeUndefined();
    const id = one.body.data.completeSignUp.user.id;
    expect(two.body.data.completeSignUp.user.id).toBe(id);
    const retried = await identity.gql(COMPLETE, { token, code });
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data.completeSignUp.user).toMatchObject({ id, verified: true });
    expect(refreshCookieOf(retried.res)).toMatch(/^jibs_refresh=/);
    const me = await identity.gql('{ me { id } }', undefined, {
      token: retried.body.data.completeSignUp.accessToken,
    });
    expect(me.body.data.me.id).toBe(id);
    expect(await identity.count('accounts', 'email = $1', [input.email])).toBe(1);
    expect(await identity.outbox('user.registered', id)).toHaveLength(1);
    expect(await identity.outbox('user.verified', id)).toHaveLength(1);

    // Another code, after the sign-up was completed, gets the same answer as any wrong code.
    const wrong = await identity.gql(COMPLETE, {
      token,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(wrong.body.data).toBeNull();

    // Not after the code has expired.
    await identity.dataSource.query(
      `UPDATE sign_up_codes SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
      [id],
    );
    const late = await identity.gql(COMPLETE, { token, code });
    expect(late.body.errors?.[0]?.message).toBe(CODE_INVALID);
  });

  it('answers a registered address the same way, emails its holder a notice, and never completes', async () => {
    const holder = await identity.aMember();
    const fresh = await identity.gql(START, { input: aSignUp() });
    const taken = await identity.gql(START, {
      input: aSignUp({
        email: holder.email,
        password: 'attacker-1',
        confirmPassword: 'attacker-1',
      }),
    });
    // Same fields, same kinds of values, no cookie: nothing tells them apart.
    expect(taken.body.errors).toBeUndefined();
    expect(Object.keys(taken.body.data.startSignUp)).toEqual(
      Object.keys(fresh.body.data.startSignUp),
    );
    expect(taken.body.data.startSignUp.sentTo).toBe('y***@example.com');
    expect(taken.body.data.startSignUp.signUpToken).toHaveLength(
      fresh.body.data.startSignUp.signUpToken.length,
    );
    expect(taken.res.headers.getSetCookie()).toEqual([]);

    const notice = await identity.lastMailTo(holder.email);
    expect(notice.subject).toBe('Someone tried to register with your email address');
    expect(notice.text).toContain('https://jibs.example.org/login');
    expect(notice.text).not.toMatch(/\d{6}/);
    expect(await identity.count('accounts', 'email = $1', [holder.email])).toBe(1);

    // Guessing behaves exactly as for a real sign-up: wrong, then too many.
    const token = taken.body.data.startSignUp.signUpToken;
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { body } = await identity.gql(COMPLETE, { token, code: String(i).repeat(6) });
      messages.push(body.errors?.[0]?.message ?? '');
    }
    expect(messages).toEqual([...Array(4).fill(CODE_INVALID), TOO_MANY, TOO_MANY]);
    const [account] = await identity.dataSource.query(
      'SELECT first_name FROM accounts WHERE email = $1',
      [holder.email],
    );
    expect(account.first_name).toBe('Yusuf');
  });

  it('stops a real sign-up after five wrong codes, even with the right one', async () => {
    const input = aSignUp();
    const { body } = await identity.gql(START, { input });
    const token = body.data.startSignUp.signUpToken;
    const code = await codeFor(input.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await identity.gql(COMPLETE, { token, code: wrong });
    const late = await identity.gql(COMPLETE, { token, code });
    expect(late.body.errors?.[0]?.message).toBe(TOO_MANY);
    expect(await identity.count('accounts', 'email = $1', [input.email])).toBe(0);
  });

  it('tells every service whether the address was proven: never by SMS, by an emailed code', async () => {
    const member = await identity.aMember({}, { unverified: true });
    expect(claims(member.accessToken)).toMatchObject({ email_verified: false });
    const me = '{ me { verified emailVerified } }';
    await identity.gql('mutation { sendVerificationCode(method: SMS) { sentTo } }', undefined, {
      token: member.accessToken,
    });
    const sms = await identity.lastMailTo('+13135550199');
    await identity.gql(
      'mutation($code: String!) { verifyCode(method: SMS, code: $code) { id } }',
      { code: /(\d{6})/.exec(sms.text)![1]! },
      { token: member.accessToken },
    );
    const afterSms = await identity.gql(me, undefined, { token: member.accessToken });
    expect(afterSms.body.data.me).toEqual({ verified: true, emailVerified: false });

    // As if the resend interval had passed since the SMS.
    await identity.dataSource.query(
      `UPDATE verification_codes SET sent_at = now() - interval '1 hour' WHERE user_id = $1`,
      [member.id],
    );
    const sent = await identity.gql(
      'mutation { sendVerificationCode(method: EMAIL) { sentTo } }',
      undefined,
      { token: member.accessToken },
    );
    expect(sent.body.errors).toBeUndefined();
    const mail = await identity.lastMailTo(member.email);
    await identity.gql(
      'mutation($code: String!) { verifyCode(method: EMAIL, code: $code) { id } }',
      { code: /(\d{6})/.exec(mail.text)![1]! },
      { token: member.accessToken },
    );
    const afterEmail = await identity.gql(me, undefined, { token: member.accessToken });
    expect(afterEmail.body.data.me).toEqual({ verified: true, emailVerified: true });
    const refreshed = await identity.gql('mutation { refreshSession { accessToken } }', undefined, {
      cookie: member.refreshCookie,
    });
    expect(claims(refreshed.body.data.refreshSession.accessToken)).toMatchObject({
      email_verified: true,
    });
  });

  it('refuses invalid input with the product message and stores nothing', async () => {
    const before = await identity.count('sign_up_codes');
    const { body } = await identity.gql(START, { input: aSignUp({ email: 'nope' }) });
    expect(body.errors?.[0]).toMatchObject({
      message: 'Please enter a valid email address',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await identity.count('sign_up_codes')).toBe(before);
  });

  const invisible = INVISIBLE_NAMES.flatMap(([label, text]) =>
    (
      [
        ['firstName', 'First name is required'],
        ['lastName', 'Last name is required'],
        ['addressLine1', 'Address line 1 is required'],
        ['city', 'City is required'],
      ] as const
    ).map(([field, message]) => ({ field, message, label, text })),
  );

  it.each(invisible)(
    'refuses a $field of $label with its message, and stores and sends nothing',
    async ({ field, message, text }) => {
      const input = aSignUp({ [field]: text });
      const before = await identity.count('sign_up_codes');
      const { body } = await identity.gql(START, { input });
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: message } },
      });
      expect(Object.keys(body.errors?.[0]?.extensions.fieldErrors)).toEqual([field]);
      expect(await identity.count('sign_up_codes')).toBe(before);
      expect(await identity.count('accounts', 'email = $1', [input.email])).toBe(0);
      expect(await identity.mailsTo(input.email)).toEqual([]);
    },
  );

  it('stores names as NFC without the invisible characters around them, and keeps ZWNJ inside', async () => {
    const input = aSignUp({
      firstName: '\u200BZo\u0308e\u3164',
      lastName: ' \u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647\u2800',
      addressLine2: '\u200B\u200B',
    });
    const started = await identity.gql(START, { input });
    expect(started.body.errors).toBeUndefined();
    const done = await identity.gql(COMPLETE, {
      token: started.body.data.startSignUp.signUpToken,
      code: await codeFor(input.email),
    });
    expect(done.body.errors).toBeUndefined();
    const [row] = await identity.dataSource.query(
      'SELECT first_name, last_name, address_line2 FROM accounts WHERE email = $1',
      [input.email],
    );
    expect(row).toEqual({
      first_name: 'Z\u00F6e',
      last_name: '\u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647',
      address_line2: null,
    });
  });

  it('refuses a malformed or unknown code and token without an internal error', async () => {
    const bad = await identity.gql(COMPLETE, { token: 'x', code: '12' });
    expect(bad.body.errors?.[0]).toMatchObject({
      message: 'Please enter a 6-digit verification code',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const unknown = await identity.gql(COMPLETE, { token: 'x'.repeat(43), code: '123456' });
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
