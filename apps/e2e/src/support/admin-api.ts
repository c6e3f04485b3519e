import { generate } from 'otplib';
import type { LocalStack } from '@jibs/stack';
import { GraphQLClient } from './graphql-client';

/**
 * The stack's first admin through the API. At the first sign-in the authenticator is set up and
 * its key returned (later sign-ins of the same stack pass it back as `totpSecret`); a code is
 * taken once, so a second sign-in waits for the next one.
 */
export async function signInFirstAdminByApi(
  stack: LocalStack,
  totpSecret?: string,
): Promise<{ client: GraphQLClient; totpSecret: string }> {
  const client = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
  const password = stack.generatedAdminPassword ?? process.env['ADMIN_PASSWORD'];
  const started = await client.request<{
    signIn: { challenge: { kind: string; token: string } | null };
  }>(`mutation ($input: SignInInput!) { signIn(input: $input) { challenge { kind token } } }`, {
    input: { email: stack.adminEmail, password },
  });
  if (started.errors) throw new Error(JSON.stringify(started.errors));
  const challenge = started.data!.signIn.challenge!;
  let secret = totpSecret;
  if (challenge.kind === 'TOTP_ENROLLMENT') {
    const setup = await client.request<{ startTotpEnrollment: { manualEntryKey: string } }>(
      `mutation ($token: String!) { startTotpEnrollment(challengeToken: $token) { manualEntryKey } }`,
      { token: challenge.token },
    );
    if (setup.errors) throw new Error(JSON.stringify(setup.errors));
    secret = setup.data!.startTotpEnrollment.manualEntryKey;
  }
  if (!secret) throw new Error('The first admin has an authenticator; pass its key');
  const done = await client.request<{ completeSignIn: { accessToken: string } }>(
    `mutation ($token: String!, $code: String!) {
       completeSignIn(challengeToken: $token, code: $code) { accessToken }
     }`,
    { token: challenge.token, code: await generate({ secret }) },
  );
  if (done.errors) throw new Error(JSON.stringify(done.errors));
  client.accessToken = done.data!.completeSignIn.accessToken;
  return { client, totpSecret: secret };
}
