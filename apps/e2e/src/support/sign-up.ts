import { Client } from 'pg';
import { eventually } from '@jibs/testing';
import type { LocalStack } from '@jibs/stack';
import type { GraphQLClient } from './graphql-client';
import { latestMail } from './web-flows';

export const START_SIGN_UP = /* GraphQL */ `
  mutation StartSignUp($input: SignUpInput!) {
    startSignUp(input: $input) {
      signUpToken
      sentTo
      expiresAt
    }
  }
`;

export const COMPLETE_SIGN_UP = /* GraphQL */ `
  mutation CompleteSignUp($signUpToken: String!, $code: String!) {
    completeSignUp(signUpToken: $signUpToken, code: $code) {
      accessToken
      expiresAt
      user {
        id
        email
        firstName
        role
      }
    }
  }
`;

export interface SignedUp {
  accessToken: string;
  user: { id: string; email: string; firstName: string; role: string };
}

/** The sign-up code emailed to `email` (the newest one after `after`). */
export async function signUpCode(stack: LocalStack, email: string, after = ''): Promise<string> {
  // Its only six-digit number, whatever language the sign-up was in.
  const [, code] = await latestMail(stack, email, /\b(\d{6})\b/, after);
  return code!;
}

/**
 * A new member as the wizard makes one, through the gateway: startSignUp, the code from the
 * local mailbox, completeSignUp. The client keeps the session (token and refresh cookie).
 */
export async function signUpByApi(
  client: GraphQLClient,
  stack: LocalStack,
  input: Record<string, unknown>,
): Promise<SignedUp> {
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const started = await client.request<{ startSignUp: { signUpToken: string } }>(START_SIGN_UP, {
    input,
  });
  if (started.errors) throw new Error(`startSignUp failed: ${JSON.stringify(started.errors)}`);
  const code = await signUpCode(stack, String(input['email']), startedAt);
  const done = await client.request<{ completeSignUp: SignedUp }>(COMPLETE_SIGN_UP, {
    signUpToken: started.data!.startSignUp.signUpToken,
    code,
  });
  if (done.errors) throw new Error(`completeSignUp failed: ${JSON.stringify(done.errors)}`);
  client.accessToken = done.data!.completeSignUp.accessToken;
  return done.data!.completeSignUp;
}

export async function queryDb<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Turns a new member into an account as the old one-step sign-up left them: not verified, in
 * identity and in billing (which learnt it from user.verified). The member must sign in again
 * or refresh for a token that says so.
 */
export async function asUnverifiedAccount(stack: LocalStack, userId: string): Promise<void> {
  await eventually(
    async () =>
      (
        await queryDb<{ n: number }>(
          stack.databaseUrl('billing'),
          'SELECT count(*)::int AS n FROM members WHERE user_id = $1 AND email_verified',
          [userId],
        )
      )[0]!.n === 1 || undefined,
    { timeoutMs: 15_000, message: 'billing to learn that the email is verified' },
  );
  await queryDb(
    stack.databaseUrl('identity'),
    `UPDATE accounts SET verified_at = NULL, verified_with = NULL, email_verified_at = NULL
      WHERE id = $1`,
    [userId],
  );
  await queryDb(
    stack.databaseUrl('billing'),
    'UPDATE members SET email_verified = false WHERE user_id = $1',
    [userId],
  );
}
