import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { readMailbox, type StoredMail } from '@jibs/mailer';
import { gatewayHeaders } from '@jibs/subgraph';
import { createTestDatabase, eventually, type TestDatabase } from '@jibs/testing';
import { createIdentityApp } from '../identity-app';
import { loadIdentityConfig } from '../identity.config';
import { BackgroundTasks } from '../outgoing/background-tasks';

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

export function aSignUp(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Yusuf',
    lastName: 'Ali',
    email: `yusuf.${randomBytes(5).toString('hex')}@example.com`,
    password: 'secret-123',
    confirmPassword: 'secret-123',
    phone: '(313) 555-0199',
    dateOfBirth: '1975-09-30',
    addressLine1: '4 Elm St',
    city: 'Dearborn',
    state: 'MI',
    zipCode: '48126',
    isUsCitizen: true,
    ...overrides,
  };
}

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

export class IdentityHarness {
  private constructor(
    readonly app: INestApplication,
    readonly url: string,
    readonly dataSource: DataSource,
    readonly mailboxDir: string,
    private readonly databases: TestDatabase[],
  ) {}

  static async start(env: Record<string, string> = {}): Promise<IdentityHarness> {
    const databases = await Promise.all([
      createTestDatabase('identity'),
      createTestDatabase('eventlog'),
    ]);
    const mailboxDir = mkdtempSync(join(tmpdir(), 'jibs-identity-mailbox-'));
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const config = loadIdentityConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0]!.url,
      EVENTLOG_DATABASE_URL: databases[1]!.url,
      JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      MAILBOX_DIR: mailboxDir,
      PUBLIC_ORIGIN: 'https://jibs.example.org',
      // A cheap hash: tests check behaviour, not cost (the production cost has its own test).
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME_COST: '1',
      GATEWAY_SECRET,
      ...env,
    });
    const { app } = await createIdentityApp(config);
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    return new IdentityHarness(app, url, app.get(DataSource), mailboxDir, databases);
  }

  async close(): Promise<void> {
    await this.app?.close();
    await Promise.all(this.databases.map((db) => db.drop()));
  }

  async gql(query: string, variables?: object, options: GqlOptions = {}): Promise<GqlResponse> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...gatewayHeaders(GATEWAY_SECRET, options.address ?? randomAddress()),
    };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.cookie) headers['cookie'] = options.cookie;
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
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
        (await this.mailsTo(input.email)).find((m) => m.subject === 'Your JIBS verification code'),
      { message: `the sign-up code to ${input.email}` },
    );
    const code = /(\d{6})/.exec(mail.text)![1]!;
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

  async count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    );
    return row.n;
  }

  /** Every throttled event counted now, over all rules and keys (rate-limiter-flexible's table). */
  async throttled(): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT coalesce(sum(points), 0)::int AS n FROM throttle_counters WHERE expire IS NULL OR expire > $1',
      [Date.now()],
    );
    return row.n;
  }

  async outbox(topic: string, key?: string): Promise<{ envelope: { data: unknown } }[]> {
    return this.dataSource.query(
      `SELECT envelope FROM outbox WHERE topic = $1 AND ($2::text IS NULL OR key = $2) ORDER BY seq`,
      [topic, key ?? null],
    );
  }
}
