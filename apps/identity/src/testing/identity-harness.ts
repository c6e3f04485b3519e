import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'otplib';
import { readMailbox, type StoredMail } from '@jibs/mailer';
import { aSignUp, eventually, startSubgraph, type TestSubgraph } from '@jibs/testing';
import type { IdentityConfig } from '../identity.config';
import { identityService } from '../identity.module';
import { BackgroundTasks } from '../outgoing/background-tasks';

export { aSignUp };

/** Only for integration tests: a booted identity service on test databases and a mailbox. */
export interface GqlResponse {
  res: Response;
  // Tests read loosely typed GraphQL responses.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; errors?: { message: string; extensions: any }[] };
}

export interface GqlOptions {
  token?: string;
  /** The client address the gateway would forward; a random one by default, so tests do not share throttles. */
  address?: string;
  cookie?: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshCookie: string;
  /** The authenticator secret, for users who have one. */
  totpSecret?: string;
}

export const START_SIGN_UP = `mutation($input: SignUpInput!) {
  startSignUp(input: $input) { signUpToken sentTo expiresAt }
}`;
export const COMPLETE_SIGN_UP = `mutation($token: String!, $code: String!) {
  completeSignUp(signUpToken: $token, code: $code) { accessToken user { id email firstName role } }
}`;
const REFRESH_SESSION = 'mutation { refreshSession { accessToken } }';
export const SIGN_IN = `mutation($input: SignInInput!) {
  signIn(input: $input) {
    session { accessToken user { id role totpEnabled } }
    challenge { kind token expiresAt }
  }
}`;
export const COMPLETE_SIGN_IN = `mutation($token: String!, $code: String!) {
  completeSignIn(challengeToken: $token, code: $code) { accessToken user { id role verified verifiedWith totpEnabled } }
}`;
export const START_TOTP_ENROLLMENT = `mutation($token: String!) {
  startTotpEnrollment(challengeToken: $token) { qrCodeDataUrl manualEntryKey otpauthUrl }
}`;

/** Tests call identity as the gateway does: with its credential and the client's address. */
export const GATEWAY_SECRET = randomBytes(32).toString('hex');

export const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** The code an authenticator app shows, `stepsAhead` 30-second steps from now. */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

export function refreshCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('jibs_refresh='));
  if (!cookie) throw new Error('no refresh cookie was set');
  return cookie.split(';')[0]!;
}

/**
 * Identity under test: the shared test subgraph (databases, bus, mailbox folder, gateway
 * credential), with members made as identity makes them (signed up, signed in) rather than
 * minted, and calls that keep the HTTP response (cookies) and the client's address.
 */
export class IdentityHarness {
  private constructor(private readonly subgraph: TestSubgraph<IdentityConfig>) {}

  static async start(env: Record<string, string> = {}): Promise<IdentityHarness> {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const subgraph = await startSubgraph(identityService, {
      // It signs its own tokens (the key below); nothing here reads its key set.
      jwksUrl: 'http://127.0.0.1:1/.well-known/jwks.json',
      mailbox: true,
      gatewaySecret: GATEWAY_SECRET,
      env: {
        JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        PUBLIC_ORIGIN: 'https://jibs.example.org',
        // A cheap hash: tests check behaviour, not cost (the production cost has its own test).
        ARGON2_MEMORY_KIB: '64',
        ARGON2_TIME_COST: '1',
        ...env,
      },
    });
    return new IdentityHarness(subgraph);
  }

  get app() {
    return this.subgraph.app;
  }

  get url(): string {
    return this.subgraph.url;
  }

  get dataSource() {
    return this.subgraph.dataSource;
  }

  get mailboxDir(): string {
    return this.subgraph.mailbox;
  }

  close(): Promise<void> {
    return this.subgraph.close();
  }

  async gql(query: string, variables?: object, options: GqlOptions = {}): Promise<GqlResponse> {
    const res = await this.subgraph.request(query, variables, options.token, {
      ...this.subgraph.asGateway(options.address ?? randomAddress()),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    });
    return { res, body: (await res.json()) as GqlResponse['body'] };
  }

  /**
   * A signed-up member with a session, as the wizard makes one: startSignUp, the emailed code,
   * completeSignUp (so the account and its email are verified). `unverified` gives an account as
   * the deprecated one-step sign-up left them (not verified yet), with a session that says so.
   */
  async aMember(
    overrides: Record<string, unknown> = {},
    { unverified = false }: { unverified?: boolean } = {},
  ): Promise<TestUser> {
    const input = aSignUp(overrides);
    const address = randomAddress();
    const started = await this.gql(START_SIGN_UP, { input }, { address });
    if (started.body.errors) {
      throw new Error(`sign-up failed: ${JSON.stringify(started.body.errors)}`);
    }
    const mail = await eventually(
      async () =>
        // The code's mail in the sign-up's language: found by its code, not its words.
        (await this.mailsTo(input.email)).find((m) => /\b\d{6}\b/.test(m.text)),
      { message: `the sign-up code to ${input.email}` },
    );
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const { res, body } = await this.gql(
      COMPLETE_SIGN_UP,
      { token: started.body.data.startSignUp.signUpToken, code },
      { address },
    );
    if (body.errors) throw new Error(`sign-up failed: ${JSON.stringify(body.errors)}`);
    const member: TestUser = {
      id: body.data.completeSignUp.user.id,
      email: input.email,
      password: input.password,
      accessToken: body.data.completeSignUp.accessToken,
      refreshCookie: refreshCookieOf(res),
    };
    if (!unverified) return member;
    // As the one-step sign-up left it: no verification, no user.verified, no code in the mailbox.
    await this.dataSource.query(
      `UPDATE accounts SET verified_at = NULL, verified_with = NULL, email_verified_at = NULL
        WHERE id = $1`,
      [member.id],
    );
    await this.dataSource.query(`DELETE FROM outbox WHERE topic = 'user.verified' AND key = $1`, [
      member.id,
    ]);
    for (const name of await readdir(this.mailboxDir)) {
      if (name.endsWith(`${mail.id}.json`)) await unlink(join(this.mailboxDir, name));
    }
    // A token that says what the account now is.
    const refreshed = await this.gql(REFRESH_SESSION, undefined, {
      cookie: member.refreshCookie,
      address,
    });
    if (refreshed.body.errors) {
      throw new Error(`refresh failed: ${JSON.stringify(refreshed.body.errors)}`);
    }
    return {
      ...member,
      accessToken: refreshed.body.data.refreshSession.accessToken,
      refreshCookie: refreshCookieOf(refreshed.res),
    };
  }

  /** An admin (a member promoted in the database) who enrolled an authenticator when signing in. */
  async anAdmin(): Promise<TestUser> {
    const member = await this.aMember();
    await this.dataSource.query(`UPDATE accounts SET role = 'admin' WHERE id = $1`, [member.id]);
    return this.enrolAdmin(member.email, member.password);
  }

  /** Signs an admin without an authenticator in: TOTP_ENROLLMENT, scan, code. */
  async enrolAdmin(email: string, password: string): Promise<TestUser> {
    const signIn = await this.gql(SIGN_IN, { input: { email, password } });
    const challenge = signIn.body.data?.signIn.challenge;
    if (challenge?.kind !== 'TOTP_ENROLLMENT') {
      throw new Error(`expected an enrolment challenge: ${JSON.stringify(signIn.body)}`);
    }
    const setup = await this.gql(START_TOTP_ENROLLMENT, { token: challenge.token });
    const secret: string = setup.body.data.startTotpEnrollment.manualEntryKey;
    const done = await this.gql(COMPLETE_SIGN_IN, {
      token: challenge.token,
      code: await totpCode(secret),
    });
    if (done.body.errors) throw new Error(`enrolment failed: ${JSON.stringify(done.body.errors)}`);
    return {
      id: done.body.data.completeSignIn.user.id,
      email,
      password,
      accessToken: done.body.data.completeSignIn.accessToken,
      refreshCookie: refreshCookieOf(done.res),
      totpSecret: secret,
    };
  }

  /** Messages the service sent to this address (emails and SMS), newest first. */
  async mailsTo(to: string): Promise<StoredMail[]> {
    await this.app.get(BackgroundTasks).settled();
    return (await readMailbox(this.mailboxDir)).filter((mail) => mail.to === to);
  }

  /** The newest message to this address, waiting for background delivery. */
  async lastMailTo(to: string): Promise<StoredMail> {
    return eventually(async () => (await this.mailsTo(to))[0], { message: `a message to ${to}` });
  }

  count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    return this.subgraph.count(table, where, params);
  }

  /** Every throttled event counted now, over all rules and keys (rate-limiter-flexible's table). */
  async throttled(): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT coalesce(sum(points), 0)::int AS n FROM throttle_counters WHERE expire IS NULL OR expire > $1',
      [Date.now()],
    );
    return row.n;
  }

  outbox(topic: string, key?: string): Promise<{ envelope: { data: unknown } }[]> {
    return this.subgraph.outbox(topic, key);
  }
}
