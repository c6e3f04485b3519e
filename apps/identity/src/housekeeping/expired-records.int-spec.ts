import { aSignUp, IdentityHarness, SIGN_IN, type TestUser } from '../testing/identity-harness';
import { ExpiredRecords } from './expired-records';

const SEND = `mutation($method: VerificationMethod!) {
  sendVerificationCode(method: $method) { method }
}`;
const REQUEST_RESET = 'mutation($email: String) { requestPasswordReset(email: $email) }';
const TABLES = [
  'refresh_tokens',
  'verification_codes',
  'password_reset_tokens',
  'sign_in_challenges',
] as const;

describe('expired records', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
  });

  afterAll(async () => {
    await identity?.close();
  });

  /** An account with a row in each table: a session, a code, a reset link, a challenge. */
  async function anAccountWithEverything(): Promise<TestUser> {
    const member = await identity.aMember();
    await identity.gql(SEND, { method: 'EMAIL' }, { token: member.accessToken });
    await identity.gql(REQUEST_RESET, { email: member.email });
    await identity.mailsTo(member.email);
    // An admin without an authenticator is asked to enrol one: a pending challenge.
    await identity.dataSource.query(`UPDATE accounts SET role = 'admin' WHERE id = $1`, [
      member.id,
    ]);
    await identity.gql(SIGN_IN, { input: { email: member.email, password: member.password } });
    return member;
  }

  const rowsOf = async (userId: string) =>
    Object.fromEntries(
      await Promise.all(
        TABLES.map(async (table) => [table, await identity.count(table, 'user_id = $1', [userId])]),
      ),
    );

  const expire = async (userId: string, ago: string) => {
    for (const table of TABLES)
      await identity.dataSource.query(
        `UPDATE ${table} SET expires_at = now() - $2::interval WHERE user_id = $1`,
        [userId, ago],
      );
  };

  it('deletes what expired more than a week ago, and keeps what is live or only just expired', async () => {
    const [old, live, recent] = [
      await anAccountWithEverything(),
      await anAccountWithEverything(),
      await anAccountWithEverything(),
    ];
    const liveBefore = await rowsOf(live.id);
    for (const table of TABLES) expect(liveBefore[table]).toBeGreaterThanOrEqual(1);
    await expire(old.id, '8 days');
    await expire(recent.id, '2 hours');
    const recentBefore = await rowsOf(recent.id);

    const swept = await identity.app.get(ExpiredRecords).sweep();

    expect(await rowsOf(old.id)).toEqual({
      refresh_tokens: 0,
      verification_codes: 0,
      password_reset_tokens: 0,
      sign_in_challenges: 0,
    });
    expect(await rowsOf(live.id)).toEqual(liveBefore);
    expect(await rowsOf(recent.id)).toEqual(recentBefore);
    for (const table of TABLES) expect(swept[table]).toBeGreaterThanOrEqual(1);
    expect(await identity.app.get(ExpiredRecords).sweep()).toEqual({
      refresh_tokens: 0,
      verification_codes: 0,
      password_reset_tokens: 0,
      sign_in_challenges: 0,
      sign_up_codes: 0,
    });
  });

  it('deletes sign-up codes a day after they expired, and keeps live ones', async () => {
    const START = `mutation($input: SignUpInput!) { startSignUp(input: $input) { sentTo } }`;
    await identity.gql(START, { input: aSignUp() });
    await identity.dataSource.query(
      `UPDATE sign_up_codes SET expires_at = now() - interval '2 days' WHERE consumed_at IS NULL`,
    );
    await identity.gql(START, { input: aSignUp() });
    const swept = await identity.app.get(ExpiredRecords).sweep();
    expect(swept.sign_up_codes).toBe(1);
    expect(await identity.count('sign_up_codes', 'consumed_at IS NULL')).toBe(1);
  });
});
