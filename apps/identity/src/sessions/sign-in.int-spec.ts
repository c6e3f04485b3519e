import { LOGGER, type Logger } from '@jibs/observability';
import { FirstAdmin } from '../accounts/first-admin';
import {
  COMPLETE_SIGN_IN,
  IdentityHarness,
  randomAddress,
  SIGN_IN,
  START_TOTP_ENROLLMENT,
  totpCode,
  type TestUser,
} from '../testing/identity-harness';

const SETUP_TOTP = 'mutation { setupTotp { manualEntryKey otpauthUrl qrCodeDataUrl } }';
const CONFIRM_TOTP =
  'mutation($code: String!) { confirmTotp(code: $code) { id verified verifiedWith totpEnabled } }';

const ADMIN_EMAIL = 'first.admin@jibs.example.org';
const ADMIN_PASSWORD = 'first-admin-password';

describe('sign-in', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start({
      ADMIN_EMAIL: ADMIN_EMAIL.toUpperCase(),
      ADMIN_PASSWORD,
    });
  });

  afterAll(async () => {
    await identity?.close();
  });

  const signIn = (email: string, password: string, address?: string) =>
    identity.gql(SIGN_IN, { input: { email, password } }, { address });

  /** A member who set up and confirmed an authenticator app. */
  async function aMemberWithAuthenticator(): Promise<TestUser> {
    const member = await identity.aMember({}, { unverified: true });
    const setup = await identity.gql(SETUP_TOTP, undefined, { token: member.accessToken });
    const secret: string = setup.body.data.setupTotp.manualEntryKey;
    const confirmed = await identity.gql(
      CONFIRM_TOTP,
      { code: await totpCode(secret) },
      { token: member.accessToken },
    );
    expect(confirmed.body.data.confirmTotp).toMatchObject({
      verified: true,
      verifiedWith: 'TOTP',
      totpEnabled: true,
    });
    return { ...member, totpSecret: secret };
  }

  describe('throttling', () => {
    it('refuses the sixth try on an account within 15 minutes, even with the right password', async () => {
      const member = await identity.aMember();
      for (let i = 0; i < 5; i++) {
        const { body } = await signIn(member.email, 'wrong-pass');
        expect(body.errors?.[0]).toMatchObject({
          message: 'Invalid login credentials',
          extensions: { code: 'UNAUTHENTICATED' },
        });
      }
      const right = await signIn(member.email, member.password);
      expect(right.body.errors?.[0]).toMatchObject({
        message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
        extensions: { code: 'RATE_LIMITED' },
      });
      expect(right.res.headers.getSetCookie()).toEqual([]);
      // Checked before the password: a wrong one gets the very same answer.
      const wrong = await signIn(member.email, 'wrong-pass');
      expect(wrong.body.errors?.[0]).toEqual(right.body.errors?.[0]);
      // Refused tries are not counted: once the window has passed, the account opens again.
      await identity.dataSource.query(
        `UPDATE throttle_counters SET expire = $1 WHERE key LIKE 'sign-in:email:%'`,
        [Date.now() - 1000],
      );
      const later = await signIn(member.email, member.password);
      expect(later.body.data.signIn.session.user.id).toBe(member.id);
    });

    it('throttles an unknown email like a real one (no oracle)', async () => {
      for (let i = 0; i < 5; i++) await signIn('nobody.here@example.com', 'wrong-pass');
      const { body } = await signIn('nobody.here@example.com', 'wrong-pass');
      expect(body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    });

    it('refuses a sixth try from one address whatever the account', async () => {
      const address = randomAddress();
      const member = await identity.aMember();
      for (let i = 0; i < 5; i++) {
        const { body } = await signIn(`guess${i}@example.com`, 'wrong-pass', address);
        expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      }
      const fromThere = await signIn(member.email, member.password, address);
      expect(fromThere.body.errors?.[0]).toMatchObject({
        message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
        extensions: { code: 'RATE_LIMITED' },
      });
      const elsewhere = await signIn(member.email, member.password, randomAddress());
      expect(elsewhere.body.data.signIn.session.user.id).toBe(member.id);
    });

    it('clears the account counter on a successful sign-in', async () => {
      const member = await identity.aMember();
      for (let i = 0; i < 4; i++) await signIn(member.email, 'wrong-pass');
      expect((await signIn(member.email, member.password)).body.data.signIn.session).toBeTruthy();
      for (let i = 0; i < 4; i++) await signIn(member.email, 'wrong-pass');
      expect((await signIn(member.email, member.password)).body.data.signIn.session).toBeTruthy();
    });

    it('lets only five of many simultaneous wrong tries reach the password check', async () => {
      const member = await identity.aMember();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => signIn(member.email, 'wrong-pass')),
      );
      const codes = results.map((result) => result.body.errors?.[0]?.extensions.code);
      expect(codes.filter((code) => code === 'UNAUTHENTICATED')).toHaveLength(5);
      expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(7);
    });
  });

  describe('with an authenticator', () => {
    it('answers the password with a TOTP_CODE challenge that a fresh code turns into a session', async () => {
      const member = await aMemberWithAuthenticator();
      const first = await signIn(member.email, member.password);
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data.signIn.session).toBeNull();
      expect(first.res.headers.getSetCookie()).toEqual([]);
      const challenge = first.body.data.signIn.challenge;
      expect(challenge.kind).toBe('TOTP_CODE');
      const minutes = (Date.parse(challenge.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
      const [stored] = await identity.dataSource.query(
        'SELECT token_hash FROM sign_in_challenges WHERE user_id = $1',
        [member.id],
      );
      expect(stored.token_hash).not.toBe(challenge.token);

      const wrong = await identity.gql(COMPLETE_SIGN_IN, {
        token: challenge.token,
        code: await totpCode(member.totpSecret!, 10),
      });
      expect(wrong.body.errors?.[0]).toMatchObject({
        message: 'The code is incorrect or has expired. Please check it and try again.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(wrong.body.data).toBeNull();
      const badFormat = await identity.gql(COMPLETE_SIGN_IN, {
        token: challenge.token,
        code: '12',
      });
      expect(badFormat.body.errors?.[0]).toMatchObject({
        message: 'Please enter a 6-digit verification code',
        extensions: {
          code: 'BAD_USER_INPUT',
          fieldErrors: { code: 'Please enter a 6-digit verification code' },
        },
      });

      // The confirmation used the current time step; the app's next code is accepted.
      const code = await totpCode(member.totpSecret!, 1);
      const done = await identity.gql(COMPLETE_SIGN_IN, { token: challenge.token, code });
      expect(done.body.errors).toBeUndefined();
      expect(done.body.data.completeSignIn.user).toMatchObject({
        id: member.id,
        totpEnabled: true,
      });
      expect(done.res.headers.getSetCookie().join()).toMatch(/jibs_refresh=/);

      // Single use: the same challenge is gone, and the same code is not accepted twice.
      const again = await identity.gql(COMPLETE_SIGN_IN, { token: challenge.token, code });
      expect(again.body.errors?.[0]).toMatchObject({
        message: 'Your sign-in has expired. Please sign in again.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      const second = await signIn(member.email, member.password);
      const replay = await identity.gql(COMPLETE_SIGN_IN, {
        token: second.body.data.signIn.challenge.token,
        code,
      });
      expect(replay.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    });

    it('refuses an expired or unknown challenge', async () => {
      const member = await aMemberWithAuthenticator();
      const { body } = await signIn(member.email, member.password);
      await identity.dataSource.query(
        `UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [member.id],
      );
      for (const token of [body.data.signIn.challenge.token, 'not-a-challenge']) {
        const result = await identity.gql(COMPLETE_SIGN_IN, {
          token,
          code: await totpCode(member.totpSecret!, 1),
        });
        expect(result.body.errors?.[0]).toMatchObject({
          message: 'Your sign-in has expired. Please sign in again.',
          extensions: { code: 'UNAUTHENTICATED' },
        });
      }
    });

    it('counts wrong codes toward the sign-in throttle', async () => {
      const member = await aMemberWithAuthenticator();
      const { body } = await signIn(member.email, member.password);
      const token = body.data.signIn.challenge.token;
      for (let i = 0; i < 5; i++) {
        const wrong = await identity.gql(COMPLETE_SIGN_IN, {
          token,
          code: await totpCode(member.totpSecret!, 20 + i),
        });
        expect(wrong.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      }
      const right = await identity.gql(COMPLETE_SIGN_IN, {
        token,
        code: await totpCode(member.totpSecret!, 1),
      });
      expect(right.body.errors?.[0]).toMatchObject({
        message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
        extensions: { code: 'RATE_LIMITED' },
      });
      const password = await signIn(member.email, member.password);
      expect(password.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    });

    it('does not give a TOTP_CODE challenge an enrolment secret', async () => {
      const member = await aMemberWithAuthenticator();
      const { body } = await signIn(member.email, member.password);
      const enrol = await identity.gql(START_TOTP_ENROLLMENT, {
        token: body.data.signIn.challenge.token,
      });
      expect(enrol.body.errors?.[0]).toMatchObject({
        message: 'Your sign-in has expired. Please sign in again.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
    });
  });

  describe('the first admin', () => {
    it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, verified, without an authenticator', async () => {
      const [admin] = await identity.dataSource.query(
        `SELECT id, role, verified_at, totp_enabled_at, date_of_birth::text, phone FROM accounts WHERE email = $1`,
        [ADMIN_EMAIL],
      );
      expect(admin).toMatchObject({ role: 'admin', totp_enabled_at: null, phone: null });
      expect(admin.verified_at).toBeInstanceOf(Date);
      expect(admin.date_of_birth).toBe('1900-01-01');
      const [settings] = await identity.dataSource.query('SELECT admin_email FROM site_settings');
      expect(settings.admin_email).toBe(ADMIN_EMAIL);
    });

    it('enrols an authenticator at the first sign-in: TOTP_ENROLLMENT, scan, code', async () => {
      const first = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(first.body.data.signIn).toMatchObject({
        session: null,
        challenge: { kind: 'TOTP_ENROLLMENT' },
      });
      const token = first.body.data.signIn.challenge.token;
      const setup = await identity.gql(START_TOTP_ENROLLMENT, { token });
      const { manualEntryKey, otpauthUrl, qrCodeDataUrl } = setup.body.data.startTotpEnrollment;
      expect(otpauthUrl).toBe(
        `otpauth://totp/JIBS:${encodeURIComponent(ADMIN_EMAIL)}?secret=${manualEntryKey}&issuer=JIBS`,
      );
      expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
      const wrong = await identity.gql(COMPLETE_SIGN_IN, {
        token,
        code: await totpCode(manualEntryKey, 10),
      });
      expect(wrong.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      const done = await identity.gql(COMPLETE_SIGN_IN, {
        token,
        code: await totpCode(manualEntryKey),
      });
      expect(done.body.errors).toBeUndefined();
      expect(done.body.data.completeSignIn.user).toMatchObject({
        role: 'ADMIN',
        totpEnabled: true,
      });
      // From now on the admin is asked for a code, not to enrol again.
      const next = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(next.body.data.signIn.challenge.kind).toBe('TOTP_CODE');
    });

    it('is created once, however often and however many replicas boot', async () => {
      const firstAdmin = identity.app.get(FirstAdmin);
      await firstAdmin.onApplicationBootstrap();
      expect(await identity.count('accounts', `role = 'admin'`)).toBe(1);
      // As if no admin existed yet and two replicas started together.
      await identity.dataSource.query(`UPDATE accounts SET role = 'member' WHERE email = $1`, [
        ADMIN_EMAIL,
      ]);
      await identity.dataSource.query(`DELETE FROM accounts WHERE email = $1`, [ADMIN_EMAIL]);
      const logger = identity.app.get<Logger>(LOGGER);
      const info = jest.spyOn(logger, 'info');
      try {
        await Promise.all([
          firstAdmin.onApplicationBootstrap(),
          firstAdmin.onApplicationBootstrap(),
        ]);
        // Says which account by its id: no email reaches a log.
        const created = info.mock.calls.filter((call) =>
          JSON.stringify(call).includes('first admin'),
        );
        const [admin] = await identity.dataSource.query(
          `SELECT id FROM accounts WHERE role = 'admin'`,
        );
        expect(created).toEqual([[{ userId: admin.id }, 'created the first admin account']]);
      } finally {
        info.mockRestore();
      }
      expect(await identity.count('accounts', 'email = $1', [ADMIN_EMAIL])).toBe(1);
    });

    it('never promotes a member who registered the admin email', async () => {
      await identity.dataSource.query(`DELETE FROM accounts WHERE role = 'admin'`);
      await identity.aMember({ email: ADMIN_EMAIL });
      await identity.app.get(FirstAdmin).onApplicationBootstrap();
      expect(await identity.count('accounts', `role = 'admin'`)).toBe(0);
    });
  });
});
