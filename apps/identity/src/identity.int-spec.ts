import { listFieldDecisions, listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import {
  aSignUp,
  COMPLETE_SIGN_UP,
  IdentityHarness,
  refreshCookieOf,
  SIGN_IN,
  START_SIGN_UP,
} from './testing/identity-harness';

const REFRESH = 'mutation { refreshSession { accessToken user { id } } }';

describe('identity service', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  const gql = (...args: Parameters<IdentityHarness['gql']>) => identity.gql(...args);

  const counts = async () => ({
    accounts: await identity.count('accounts'),
    events: await identity.count('outbox'),
    signUps: await identity.count('sign_up_codes'),
  });

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(identity.dataSource)).toEqual([]);
  });

  it('decides who may read every field and entity reference', () => {
    const fields = listFieldDecisions(identity.app);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((entry) => !entry.decision)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    const decisions = listOperationDecisions(identity.app);
    expect(decisions.filter((entry) => !entry.decision)).toEqual([]);
    const byOperation = Object.fromEntries(
      decisions.map((entry) => [entry.operation.split('.').pop(), entry.decision]),
    );
    const publicOps = [
      'startSignUp',
      'completeSignUp',
      'signIn',
      'completeSignIn',
      'startTotpEnrollment',
      'refreshSession',
      'signOut',
      'requestPasswordReset',
      'resetPassword',
      'publicSettings',
      'submitContactMessage',
      'submitQuestion',
    ];
    const signedIn = [
      'me',
      'updateProfile',
      'sendVerificationCode',
      'verifyCode',
      'setupTotp',
      'confirmTotp',
      'enableAuthenticator',
      'disableAuthenticator',
      'enableSmsSignIn',
      'disableSmsSignIn',
      'newRecoveryCodes',
    ];
    const adminOnly = [
      'siteSettings',
      'updateSiteSettings',
      'setUserRole',
      'userStats',
      'registrationsPerMonth',
      'siteAdmins',
      // Every service's Operations fields (libs/subgraph/src/operations).
      'operations',
      'replayDeadLetter',
      'replayDeadLetters',
      'discardDeadLetter',
    ];
    for (const op of publicOps) expect(byOperation[op]).toEqual({ kind: 'public' });
    for (const op of signedIn) expect(byOperation[op]).toEqual({ kind: 'authenticated' });
    for (const op of adminOnly)
      expect(byOperation[op]).toEqual({ kind: 'roles', roles: ['admin'] });
    expect(Object.keys(byOperation).sort()).toEqual(
      [...publicOps, ...signedIn, ...adminOnly].sort(),
    );
  });

  it('has no one-step signUp mutation any more (it told whether an email was registered)', async () => {
    const { body } = await gql(
      'mutation($input: SignUpInput!) { signUp(input: $input) { accessToken } }',
      { input: aSignUp() },
    );
    expect(body.errors?.[0]?.message).toMatch(/Cannot query field "signUp"/);
    expect(await identity.count('accounts')).toBe(0);
  });

  it('signs a member up with the emailed code, stores the phone as +1 digits and publishes user.registered in the same transaction', async () => {
    const input = aSignUp();
    const started = await gql(START_SIGN_UP, { input });
    expect(started.body.errors).toBeUndefined();
    const mail = await identity.lastMailTo(input.email);
    const code = /(\d{6})/.exec(mail.text)![1]!;
    const { body, res } = await gql(COMPLETE_SIGN_UP, {
      token: started.body.data.startSignUp.signUpToken,
      code,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.completeSignUp.user).toMatchObject({
      email: input.email,
      firstName: 'Yusuf',
      role: 'MEMBER',
    });
    const [refresh, hint] = res.headers.getSetCookie();
    expect(refresh).toMatch(
      /^jibs_refresh=.+; Path=\/graphql; Expires=.+; HttpOnly; Secure; SameSite=Strict$/,
    );
    // Beside it, for the page's script: no token, the same lifetime, readable (not HttpOnly).
    expect(hint).toMatch(/^jibs_session=1; Path=\/; Expires=.+; Secure; SameSite=Strict$/);
    expect(/Expires=([^;]+)/.exec(hint!)?.[1]).toBe(/Expires=([^;]+)/.exec(refresh!)?.[1]);
    const [account] = await identity.dataSource.query(
      'SELECT phone, password_hash, email_verified_at FROM accounts WHERE email = $1',
      [input.email],
    );
    expect(account.phone).toBe('+13135550199');
    // argon2id at the configured cost (the harness's cheap one; production's: identity.config.spec).
    expect(account.password_hash).toMatch(/^\$argon2id\$v=19\$m=64,p=1,t=1\$/);
    expect(account.email_verified_at).toBeInstanceOf(Date);
    const events = await identity.outbox('user.registered', body.data.completeSignUp.user.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.envelope.data).toMatchObject({
      userId: body.data.completeSignUp.user.id,
      email: input.email,
    });
  });

  it.each([
    ['malformed email', { email: 'a@' }, 'email', 'Please enter a valid email address'],
    [
      'short password',
      { password: '12345', confirmPassword: '12345' },
      'password',
      'Password must be at least 6 characters long',
    ],
    ['missing last name', { lastName: null }, 'lastName', 'Last name is required'],
    [
      'no citizenship certification',
      { isUsCitizen: false },
      'isUsCitizen',
      'You must certify that you are a US Citizen or a US legal resident',
    ],
    [
      'future date of birth',
      { dateOfBirth: '2999-01-01' },
      'dateOfBirth',
      'Please enter a valid date of birth',
    ],
    ['bad ZIP', { zipCode: '4812' }, 'zipCode', 'Please enter a valid 5-digit ZIP code'],
  ])(
    'refuses a sign-up with a %s and writes nothing',
    async (_label, overrides, field, message) => {
      const before = await counts();
      const { body } = await gql(START_SIGN_UP, { input: aSignUp(overrides) });
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('signs in with the right password only, without saying which part was wrong', async () => {
    const member = await identity.aMember();
    const ok = await gql(SIGN_IN, {
      input: { email: member.email.toUpperCase(), password: member.password },
    });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.signIn).toMatchObject({
      session: { user: { id: member.id, role: 'MEMBER', totpEnabled: false } },
      challenge: null,
    });
    expect(refreshCookieOf(ok.res)).toMatch(/^jibs_refresh=/);
    const wrongPassword = await gql(SIGN_IN, {
      input: { email: member.email, password: 'wrong-pass' },
    });
    const noAccount = await gql(SIGN_IN, {
      input: { email: 'nobody@example.com', password: 'wrong-pass' },
    });
    for (const attempt of [wrongPassword, noAccount]) {
      expect(attempt.body.errors?.[0]).toMatchObject({
        message: 'Invalid login credentials',
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
  });

  it('refuses a sign-in without an email, with the product message, and counts nothing', async () => {
    const before = await identity.throttled();
    const { body } = await gql(SIGN_IN, { input: { email: '', password: 'x' } });
    expect(body.errors?.[0]).toMatchObject({
      message: 'Email is required',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { email: 'Email is required' } },
    });
    expect(await identity.throttled()).toBe(before);
  });

  it('rotates the refresh cookie and revokes the family when a rotated one comes back', async () => {
    const member = await identity.aMember();
    const first = await gql(REFRESH, undefined, { cookie: member.refreshCookie });
    expect(first.body.errors).toBeUndefined();
    const rotated = refreshCookieOf(first.res);
    expect(rotated).not.toBe(member.refreshCookie);
    // Past the grace window for tabs refreshing together (see session-security.int-spec.ts).
    await identity.dataSource.query(
      `UPDATE refresh_tokens SET rotated_at = now() - interval '1 hour' WHERE user_id = $1 AND rotated_at IS NOT NULL`,
      [member.id],
    );
    const replay = await gql(REFRESH, undefined, { cookie: member.refreshCookie });
    expect(replay.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const owner = await gql(REFRESH, undefined, { cookie: rotated });
    expect(owner.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers me for the bearer of a valid token and refuses anyone else', async () => {
    const member = await identity.aMember({}, { unverified: true });
    const me = await gql('{ me { id email verified verifiedWith totpEnabled } }', undefined, {
      token: member.accessToken,
    });
    expect(me.body.data.me).toEqual({
      id: member.id,
      email: member.email,
      verified: false,
      verifiedWith: null,
      totpEnabled: false,
    });
    const anonymous = await gql('{ me { id } }');
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const forged = await gql('{ me { id } }', undefined, {
      token: `${member.accessToken.slice(0, -4)}AAAA`,
    });
    expect(forged.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('publishes its signing key as a JWKS without the private part', async () => {
    const jwks = (await (await fetch(`${identity.url}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, string>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]!['d']).toBeUndefined();
  });

  it('hides internal errors and stack traces', async () => {
    const { body } = await gql('{ me { id } nope }');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stacktrace/i);
  });
});
