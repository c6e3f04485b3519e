import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import { createTestDatabase, type TestDatabase } from '@jibs/testing';
import { createIdentityApp } from './identity-app';
import { loadIdentityConfig } from './identity.config';

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { accessToken user { id email firstName role } } }`;
const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { accessToken user { id } } }`;

function aSignUp(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Yusuf',
    lastName: 'Ali',
    email: `yusuf.${Math.random().toString(36).slice(2)}@example.com`,
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

describe('identity service', () => {
  let databases: TestDatabase[];
  let app: INestApplication;
  let url: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    databases = await Promise.all([createTestDatabase('identity'), createTestDatabase('eventlog')]);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const config = loadIdentityConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databases[0]!.url,
      EVENTLOG_DATABASE_URL: databases[1]!.url,
      JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    ({ app } = await createIdentityApp(config));
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all(databases.map((db) => db.drop()));
  });

  async function gql(query: string, variables?: object, headers: Record<string, string> = {}) {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return {
      res,
      body: (await res.json()) as { data?: any; errors?: { message: string; extensions: any }[] },
    };
  }

  const counts = async () => {
    const [row] = await dataSource.query(
      `SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM outbox)::int AS events`,
    );
    return row as { accounts: number; events: number };
  };

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(dataSource)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    const undecided = listOperationDecisions(app).filter((entry) => !entry.decision);
    expect(undecided).toEqual([]);
    expect(listOperationDecisions(app).map((entry) => entry.operation)).toEqual(
      expect.arrayContaining(['Mutation.SessionsResolver.signUp', 'Query.AccountsResolver.me']),
    );
  });

  it('signs a member up, stores the phone as +1 digits and publishes user.registered in the same transaction', async () => {
    const input = aSignUp();
    const { body, res } = await gql(SIGN_UP, { input });
    expect(body.errors).toBeUndefined();
    expect(body.data.signUp.user).toMatchObject({
      email: input.email,
      firstName: 'Yusuf',
      role: 'MEMBER',
    });
    expect(res.headers.get('set-cookie')).toMatch(
      /jibs_refresh=.+; Path=\/graphql; Expires=.+; HttpOnly; Secure; SameSite=Strict/,
    );
    const [account] = await dataSource.query(
      'SELECT phone, password_hash FROM accounts WHERE email = $1',
      [input.email],
    );
    expect(account.phone).toBe('+13135550199');
    expect(account.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const events = await dataSource.query(
      `SELECT topic, key, envelope FROM outbox WHERE key = $1`,
      [body.data.signUp.user.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0].topic).toBe('user.registered');
    expect(events[0].envelope.data).toMatchObject({
      userId: body.data.signUp.user.id,
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
      const { body } = await gql(SIGN_UP, { input: aSignUp(overrides) });
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('signs in with the right password only, without saying which part was wrong', async () => {
    const input = aSignUp();
    await gql(SIGN_UP, { input });
    const ok = await gql(SIGN_IN, {
      input: { email: input.email.toUpperCase(), password: input.password },
    });
    expect(ok.body.errors).toBeUndefined();
    const wrongPassword = await gql(SIGN_IN, {
      input: { email: input.email, password: 'wrong-pass' },
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

  it('answers me for the bearer of a valid token and refuses anyone else', async () => {
    const { body } = await gql(SIGN_UP, { input: aSignUp() });
    const me = await gql('{ me { id email } }', undefined, {
      authorization: `Bearer ${body.data.signUp.accessToken}`,
    });
    expect(me.body.data.me.id).toBe(body.data.signUp.user.id);
    const anonymous = await gql('{ me { id } }');
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const forged = await gql('{ me { id } }', undefined, {
      authorization: `Bearer ${body.data.signUp.accessToken.slice(0, -4)}AAAA`,
    });
    expect(forged.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('publishes its signing key as a JWKS without the private part', async () => {
    const jwks = (await (await fetch(`${url}/.well-known/jwks.json`)).json()) as {
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
