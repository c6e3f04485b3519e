import { SecondFactorMessages } from '@jibs/domain';
import { AccountsService } from '../accounts/accounts.service';
import type { SecretBox } from '../security/secret-box';
import { SessionsService } from '../sessions/sessions.service';
import { IdentityHarness, totpCode, type TestUser } from '../testing/identity-harness';
import { TOTP_SECRET_BOX, TotpService } from './totp.service';

const SEND = `mutation($method: VerificationMethod!) {
  sendVerificationCode(method: $method) { method sentTo expiresAt resendAvailableAt }
}`;
const VERIFY = `mutation($method: VerificationMethod!, $code: String!) {
  verifyCode(method: $method, code: $code) { id verified verifiedWith totpEnabled }
}`;
const SETUP_TOTP = 'mutation { setupTotp { qrCodeDataUrl manualEntryKey otpauthUrl } }';
const CONFIRM_TOTP =
  'mutation($code: String!) { confirmTotp(code: $code) { id verified verifiedWith totpEnabled } }';

const CODE_INVALID = 'The code is incorrect or has expired. Please check it and try again.';
const CODE_FORMAT = 'Please enter a 6-digit verification code';

describe('verification (registration step 2)', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  const as = (user: TestUser) => ({ token: user.accessToken });

  /** The six digits of the newest message to this address. */
  async function codeSentTo(to: string): Promise<string> {
    const mail = await identity.lastMailTo(to);
    return /(\d{6})/.exec(mail.text)![1]!;
  }

  const codeRow = async (userId: string) =>
    (
      await identity.dataSource.query(
        'SELECT method, code_hash, attempts, consumed_at FROM verification_codes WHERE user_id = $1',
        [userId],
      )
    )[0];

  it('emails a code, stored only as a hash, that verifies the account and publishes user.verified', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const sent = await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    expect(sent.body.errors).toBeUndefined();
    const result = sent.body.data.sendVerificationCode;
    expect(result.method).toBe('EMAIL');
    expect(result.sentTo).toBe(`y***@example.com`);
    const minutes = (Date.parse(result.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
    const wait = (Date.parse(result.resendAvailableAt) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);

    const mail = await identity.lastMailTo(member.email);
    expect(mail.subject).toBe('Your JIBS verification code');
    const code = await codeSentTo(member.email);
    expect(mail.text).toContain(
      `Your JIBS verification code is ${code}. It expires in 10 minutes.`,
    );
    const stored = await codeRow(member.id);
    expect(stored.code_hash).not.toContain(code);

    const verified = await identity.gql(VERIFY, { method: 'EMAIL', code }, as(member));
    expect(verified.body.errors).toBeUndefined();
    expect(verified.body.data.verifyCode).toEqual({
      id: member.id,
      verified: true,
      verifiedWith: 'EMAIL',
      totpEnabled: false,
    });
    const events = await identity.outbox('user.verified', member.id);
    expect(events.map((event) => event.envelope.data)).toEqual([
      { userId: member.id, method: 'email' },
    ]);
    // Used up: the same code does not work twice.
    const again = await identity.gql(VERIFY, { method: 'EMAIL', code }, as(member));
    expect(again.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { code: CODE_INVALID } },
    });
  });

  it('texts a code to the phone through the SMS port (the local mailbox)', async () => {
    const member = await identity.aMember({ phone: '(313) 555-4567' }, { unverified: true });
    const sent = await identity.gql(SEND, { method: 'SMS' }, as(member));
    expect(sent.body.data.sendVerificationCode).toMatchObject({
      method: 'SMS',
      sentTo: '(***) ***-4567',
    });
    const sms = await identity.lastMailTo('+13135554567');
    expect(sms.subject).toBe('SMS to +13135554567');
    const code = /(\d{6})/.exec(sms.text)![1]!;
    expect(sms.text).toBe(`Your JIBS verification code is ${code}. It expires in 10 minutes.`);
    const wrongMethod = await identity.gql(VERIFY, { method: 'EMAIL', code }, as(member));
    expect(wrongMethod.body.errors?.[0]?.message).toBe(CODE_INVALID);
    const verified = await identity.gql(VERIFY, { method: 'SMS', code }, as(member));
    expect(verified.body.data.verifyCode.verifiedWith).toBe('SMS');
  });

  it('tells other services the verified phone (user.verified_phone_changed), and that it is gone when the number changes', async () => {
    const member = await identity.aMember({ phone: '(313) 555-4568' }, { unverified: true });
    await identity.gql(SEND, { method: 'SMS' }, as(member));
    const code = /(\d{6})/.exec((await identity.lastMailTo('+13135554568')).text)![1]!;
    expect(await identity.outbox('user.verified_phone_changed', member.id)).toEqual([]);
    await identity.gql(VERIFY, { method: 'SMS', code }, as(member));
    const changed = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }`;
    const moved = await identity.gql(changed, { input: { phone: '(313) 555-4569' } }, as(member));
    expect(moved.body.errors).toBeUndefined();
    expect(
      (await identity.outbox('user.verified_phone_changed', member.id)).map(
        (row) => row.envelope.data,
      ),
    ).toEqual([
      { userId: member.id, phone: '+13135554568' },
      { userId: member.id, phone: null },
    ]);
  });

  it('sends nothing for TOTP: authenticator apps make their own codes', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const { body } = await identity.gql(SEND, { method: 'TOTP' }, as(member));
    expect(body.errors?.[0]).toMatchObject({
      message: 'Authenticator apps make their own codes; no code is sent.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await codeRow(member.id)).toBeUndefined();
    expect(await identity.mailsTo(member.email)).toEqual([]);
  });

  it.each([['12345'], ['1234567'], ['12a456'], ['']])(
    'refuses the code %p by its format, counting no try',
    async (code) => {
      const member = await identity.aMember({}, { unverified: true });
      await identity.gql(SEND, { method: 'EMAIL' }, as(member));
      const { body } = await identity.gql(VERIFY, { method: 'EMAIL', code }, as(member));
      expect(body.errors?.[0]).toMatchObject({
        message: CODE_FORMAT,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { code: CODE_FORMAT } },
      });
      expect((await codeRow(member.id)).attempts).toBe(0);
    },
  );

  it('refuses an expired code', async () => {
    const member = await identity.aMember({}, { unverified: true });
    await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    const code = await codeSentTo(member.email);
    await identity.dataSource.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [member.id],
    );
    const { body } = await identity.gql(VERIFY, { method: 'EMAIL', code }, as(member));
    expect(body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const [account] = await identity.dataSource.query(
      'SELECT verified_at FROM accounts WHERE id = $1',
      [member.id],
    );
    expect(account.verified_at).toBeNull();
  });

  it('kills a code after five wrong tries', async () => {
    const member = await identity.aMember({}, { unverified: true });
    await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    const code = await codeSentTo(member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await identity.gql(VERIFY, { method: 'EMAIL', code: wrong }, as(member));
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      messages.push(body.errors![0]!.message);
    }
    expect(messages).toEqual([
      ...Array(4).fill(CODE_INVALID),
      'Too many incorrect codes. Please request a new code.',
    ]);
    const right = await identity.gql(VERIFY, { method: 'EMAIL', code }, as(member));
    expect(right.body.errors?.[0]?.message).toBe(
      'Too many incorrect codes. Please request a new code.',
    );
    expect((await codeRow(member.id)).consumed_at).toBeNull();
  });

  it('waits a minute between sends, and a new code replaces the old one', async () => {
    const member = await identity.aMember({}, { unverified: true });
    await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    const first = await codeSentTo(member.email);
    const tooSoon = await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    expect(tooSoon.body.errors?.[0]).toMatchObject({
      message: 'Please wait a moment before requesting another code.',
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(await identity.mailsTo(member.email)).toHaveLength(1);
    await identity.dataSource.query(
      `UPDATE verification_codes SET sent_at = now() - interval '61 seconds' WHERE user_id = $1`,
      [member.id],
    );
    const resent = await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    expect(resent.body.errors).toBeUndefined();
    const mails = await identity.mailsTo(member.email);
    expect(mails).toHaveLength(2);
    const second = /(\d{6})/.exec(mails[0]!.text)![1]!;
    if (first !== second) {
      const old = await identity.gql(VERIFY, { method: 'EMAIL', code: first }, as(member));
      expect(old.body.errors?.[0]?.message).toBe(CODE_INVALID);
    }
    const ok = await identity.gql(VERIFY, { method: 'EMAIL', code: second }, as(member));
    expect(ok.body.data.verifyCode.verified).toBe(true);
  });

  it('sends at most five codes an hour to one account', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const backdate = () =>
      identity.dataSource.query(
        `UPDATE verification_codes SET sent_at = now() - interval '61 seconds' WHERE user_id = $1`,
        [member.id],
      );
    for (let i = 0; i < 5; i++) {
      const { body } = await identity.gql(SEND, { method: 'EMAIL' }, as(member));
      expect(body.errors).toBeUndefined();
      await backdate();
    }
    const sixth = await identity.gql(SEND, { method: 'EMAIL' }, as(member));
    expect(sixth.body.errors?.[0]).toMatchObject({
      message:
        'You have requested several codes in a short time. Please wait a while and try again.',
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(await identity.mailsTo(member.email)).toHaveLength(5);
  });

  it('sets up an authenticator: a local QR, confirmed by its code, never shown again', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const setup = await identity.gql(SETUP_TOTP, undefined, as(member));
    expect(setup.body.errors).toBeUndefined();
    const { qrCodeDataUrl, manualEntryKey, otpauthUrl } = setup.body.data.setupTotp;
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(manualEntryKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/JIBS:${encodeURIComponent(member.email)}?secret=${manualEntryKey}&issuer=JIBS`,
    );
    const pending = await identity.gql('{ me { totpEnabled verified } }', undefined, as(member));
    expect(pending.body.data.me).toEqual({ totpEnabled: false, verified: false });

    const wrong = await identity.gql(
      CONFIRM_TOTP,
      { code: await totpCode(manualEntryKey, 10) },
      as(member),
    );
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: CODE_INVALID,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const badFormat = await identity.gql(CONFIRM_TOTP, { code: 'abc' }, as(member));
    expect(badFormat.body.errors?.[0]?.message).toBe(CODE_FORMAT);

    const code = await totpCode(manualEntryKey);
    const confirmed = await identity.gql(CONFIRM_TOTP, { code }, as(member));
    expect(confirmed.body.data.confirmTotp).toEqual({
      id: member.id,
      verified: true,
      verifiedWith: 'TOTP',
      totpEnabled: true,
    });
    const [credential] = await identity.dataSource.query(
      'SELECT secret, pending_secret FROM totp_credentials WHERE user_id = $1',
      [member.id],
    );
    // Stored sealed, bound to the member: never the plain secret.
    expect(credential.pending_secret).toBeNull();
    expect(credential.secret).toMatch(/^v1\./);
    expect(credential.secret).not.toContain(manualEntryKey);
    const box = identity.app.get<SecretBox>(TOTP_SECRET_BOX);
    expect(box.open(credential.secret, member.id)).toBe(manualEntryKey);
    const other = await identity.aMember({}, { unverified: true });
    expect(() => box.open(credential.secret, other.id)).toThrow();
    expect((await identity.outbox('user.verified', member.id)).map((e) => e.envelope.data)).toEqual(
      [{ userId: member.id, method: 'totp' }],
    );
    // Nothing left to confirm: the same (or any) code does nothing more.
    const again = await identity.gql(CONFIRM_TOTP, { code }, as(member));
    expect(again.body.errors?.[0]?.message).toBe('Please set up your authenticator app first.');
  });

  it('seals, at boot, authenticator secrets stored in the clear by an earlier version', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const setup = await identity.gql(SETUP_TOTP, undefined, as(member));
    const secret: string = setup.body.data.setupTotp.manualEntryKey;
    await identity.dataSource.query(
      'UPDATE totp_credentials SET pending_secret = $2 WHERE user_id = $1',
      [member.id, secret],
    );
    // A plain value is never accepted as it is.
    const refused = await identity.gql(CONFIRM_TOTP, { code: await totpCode(secret) }, as(member));
    expect(refused.body.errors?.[0]?.message).toBe(CODE_INVALID);

    expect(await identity.app.get(TotpService).sealLegacySecrets()).toBeGreaterThanOrEqual(1);
    const [row] = await identity.dataSource.query(
      'SELECT pending_secret FROM totp_credentials WHERE user_id = $1',
      [member.id],
    );
    expect(row.pending_secret).toMatch(/^v1\./);
    expect(await identity.app.get(TotpService).sealLegacySecrets()).toBe(0);
    const confirmed = await identity.gql(
      CONFIRM_TOTP,
      { code: await totpCode(secret) },
      as(member),
    );
    expect(confirmed.body.data?.confirmTotp.totpEnabled).toBe(true);
  });

  it('asks for the set-up before a confirmation', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const { body } = await identity.gql(CONFIRM_TOTP, { code: '123456' }, as(member));
    expect(body.errors?.[0]).toMatchObject({
      message: 'Please set up your authenticator app first.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('limits wrong confirmation codes', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const setup = await identity.gql(SETUP_TOTP, undefined, as(member));
    const secret = setup.body.data.setupTotp.manualEntryKey;
    for (let i = 0; i < 5; i++) {
      const { body } = await identity.gql(
        CONFIRM_TOTP,
        { code: await totpCode(secret, 20 + i) },
        as(member),
      );
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    }
    const right = await identity.gql(CONFIRM_TOTP, { code: await totpCode(secret) }, as(member));
    expect(right.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
  });

  it('refuses every verification operation to anonymous callers, writing nothing', async () => {
    const before = [
      await identity.count('verification_codes'),
      await identity.count('totp_credentials'),
    ];
    for (const [query, variables] of [
      [SEND, { method: 'EMAIL' }],
      [VERIFY, { method: 'EMAIL', code: '123456' }],
      [SETUP_TOTP, undefined],
      [CONFIRM_TOTP, { code: '123456' }],
    ] as const) {
      const { body } = await identity.gql(query, variables);
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
    expect([
      await identity.count('verification_codes'),
      await identity.count('totp_credentials'),
    ]).toEqual(before);
  });

  describe('replacing an authenticator in use', () => {
    const SETUP_WITH = `mutation($password: String, $code: String) {
      setupTotp(currentPassword: $password, currentCode: $code) { manualEntryKey }
    }`;
    const REQUIRED =
      'Please enter your current password or a code from your current authenticator app to replace it.';
    const WRONG = 'The current password or authenticator code is not correct.';

    /** A member with an authenticator, and a second session of theirs (another device). */
    async function aMemberWithAuthenticator() {
      const member = await identity.aMember({}, { unverified: true });
      const setup = await identity.gql(SETUP_TOTP, undefined, as(member));
      const secret: string = setup.body.data.setupTotp.manualEntryKey;
      const confirmed = await identity.gql(
        CONFIRM_TOTP,
        { code: await totpCode(secret) },
        as(member),
      );
      expect(confirmed.body.data.confirmTotp.totpEnabled).toBe(true);
      const account = await identity.app.get(AccountsService).byId(member.id);
      const otherDevice = await identity.app.get(SessionsService).start(account!);
      return { member, secret, otherDevice };
    }

    const pendingOf = async (userId: string) =>
      (
        await identity.dataSource.query(
          'SELECT pending_secret FROM totp_credentials WHERE user_id = $1',
          [userId],
        )
      )[0].pending_secret;

    it('needs the current password or a current code, and refuses a wrong one', async () => {
      const { member } = await aMemberWithAuthenticator();
      const none = await identity.gql(SETUP_WITH, {}, as(member));
      expect(none.body.errors?.[0]).toMatchObject({
        message: REQUIRED,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { currentPassword: REQUIRED } },
      });
      const wrong = await identity.gql(SETUP_WITH, { password: 'not-my-password' }, as(member));
      expect(wrong.body.errors?.[0]).toMatchObject({
        message: WRONG,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { currentPassword: WRONG } },
      });
      const wrongCode = await identity.gql(SETUP_WITH, { code: '000000' }, as(member));
      expect(wrongCode.body.errors?.[0]?.extensions.fieldErrors).toEqual({ currentCode: WRONG });
      expect(await pendingOf(member.id)).toBeNull();
    });

    it('counts wrong proofs as failed sign-ins: the sixth is refused', async () => {
      const { member } = await aMemberWithAuthenticator();
      for (let i = 0; i < 5; i++) {
        await identity.gql(SETUP_WITH, { password: 'not-my-password' }, as(member));
      }
      const refused = await identity.gql(SETUP_WITH, { password: member.password }, as(member));
      expect(refused.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
      expect(await pendingOf(member.id)).toBeNull();
    });

    it('with the password: the new one replaces the old, other sessions end, the member is told', async () => {
      const { member, secret, otherDevice } = await aMemberWithAuthenticator();
      const setup = await identity.gql(SETUP_WITH, { password: member.password }, as(member));
      expect(setup.body.errors).toBeUndefined();
      const newSecret: string = setup.body.data.setupTotp.manualEntryKey;
      expect(newSecret).not.toBe(secret);
      const confirmed = await identity.gql(
        CONFIRM_TOTP,
        { code: await totpCode(newSecret) },
        as(member),
      );
      expect(confirmed.body.data.confirmTotp.totpEnabled).toBe(true);

      // This device stays signed in; the other one is signed out, refresh cookie and token.
      const me = '{ me { id } }';
      expect((await identity.gql(me, undefined, as(member))).body.data.me.id).toBe(member.id);
      const otherMe = await identity.gql(me, undefined, { token: otherDevice.accessToken });
      expect(otherMe.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      const otherRefresh = await identity.gql(
        'mutation { refreshSession { accessToken } }',
        undefined,
        { cookie: `jibs_refresh=${otherDevice.refreshToken}` },
      );
      expect(otherRefresh.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      const ownRefresh = await identity.gql(
        'mutation { refreshSession { accessToken } }',
        undefined,
        { cookie: member.refreshCookie },
      );
      expect(ownRefresh.body.errors).toBeUndefined();

      const notice = await identity.lastMailTo(member.email);
      expect(notice.subject).toBe('Your JIBS authenticator app was changed');
    });

    it('with a current code from the old authenticator', async () => {
      const { member, secret } = await aMemberWithAuthenticator();
      const setup = await identity.gql(SETUP_WITH, { code: await totpCode(secret, 1) }, as(member));
      expect(setup.body.errors).toBeUndefined();
      expect(await pendingOf(member.id)).toMatch(/^v1\./);
    });
  });
});

describe('a site with no text-message provider (SMS_TRANSPORT=none)', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start({ SMS_TRANSPORT: 'none' });
  });

  afterAll(async () => {
    await identity?.close();
  });

  it('refuses codes by text and sign-in codes by text with a clear message, and stores nothing', async () => {
    const member = await identity.aMember({ phone: '+13135550100' }, { unverified: true });
    const sent = await identity.gql(SEND, { method: 'SMS' }, { token: member.accessToken });
    expect(sent.body.errors?.[0]).toMatchObject({
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { method: SecondFactorMessages.smsUnavailable },
      },
    });
    expect(
      await identity.dataSource.query('SELECT 1 FROM verification_codes WHERE user_id = $1', [
        member.id,
      ]),
    ).toEqual([]);
    const enabled = await identity.gql(
      'mutation { enableSmsSignIn { user { smsSignInEnabled } } }',
      undefined,
      { token: member.accessToken },
    );
    expect(enabled.body.errors?.[0]).toMatchObject({
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { phone: SecondFactorMessages.smsUnavailable },
      },
    });
  });
});
