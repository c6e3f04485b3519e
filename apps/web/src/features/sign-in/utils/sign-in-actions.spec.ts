import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorCode, Messages, requiredMessage } from '@jibs/domain';
import { notifications } from '@mantine/notifications';
import {
  RequestPasswordResetDocument,
  SignInDocument,
  StartTotpEnrollmentDocument,
} from '../../../gql/graphql';
import { checkResetEmail, requestPasswordReset, signIn, validateSignIn } from './sign-in-actions';

jest.mock('@mantine/notifications', () => ({ notifications: { show: jest.fn() } }));
const shown = notifications.show as jest.Mock;

/** A client whose `mutate` answers each document with the given result (or throws it). */
function fakeClient(answers: Map<unknown, unknown>) {
  const mutate = jest.fn(async ({ mutation }: { mutation: unknown }) => {
    const answer = answers.get(mutation);
    if (answer instanceof Error) throw answer;
    return { data: answer };
  });
  return { client: { mutate } as unknown as ApolloClient, mutate };
}

const graphQLError = (code: string, message = 'refused') =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code } }] });

const challenge = { __typename: 'SignInChallenge', token: 't-1' } as const;

beforeEach(() => shown.mockClear());

describe('validateSignIn', () => {
  it("gives the spec's message per field, and nothing for good values", () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: requiredMessage('Email'),
      password: requiredMessage('Password'),
    });
    expect(validateSignIn({ email: 'not-an-email', password: 'x' })).toEqual({
      email: Messages.invalidEmail,
    });
    expect(validateSignIn({ email: ' a@example.com ', password: 'x' })).toEqual({});
  });
});

describe('signIn', () => {
  it('returns the session, and sends the trimmed email', async () => {
    const session = { accessToken: 'a' };
    const { client, mutate } = fakeClient(new Map([[SignInDocument, { signIn: { session } }]]));
    await expect(signIn(client, { email: ' a@example.com ', password: 'pw' })).resolves.toEqual({
      kind: 'signed-in',
      session,
    });
    expect(mutate).toHaveBeenCalledWith({
      mutation: SignInDocument,
      variables: { input: { email: 'a@example.com', password: 'pw' } },
    });
  });

  it('asks for the code of a TOTP challenge', async () => {
    const code = { ...challenge, kind: 'TOTP_CODE' };
    const { client } = fakeClient(
      new Map([[SignInDocument, { signIn: { session: null, challenge: code } }]]),
    );
    await expect(signIn(client, { email: 'a@example.com', password: 'pw' })).resolves.toEqual({
      kind: 'code',
      challenge: code,
    });
  });

  it('starts the enrolment of an admin without an authenticator', async () => {
    const enrollment = { ...challenge, kind: 'TOTP_ENROLLMENT' };
    const setup = { secret: 'S', otpauthUrl: 'otpauth://x' };
    const { client, mutate } = fakeClient(
      new Map<unknown, unknown>([
        [SignInDocument, { signIn: { session: null, challenge: enrollment } }],
        [StartTotpEnrollmentDocument, { startTotpEnrollment: setup }],
      ]),
    );
    await expect(signIn(client, { email: 'a@example.com', password: 'pw' })).resolves.toEqual({
      kind: 'enrollment',
      challenge: enrollment,
      setup,
    });
    expect(mutate).toHaveBeenLastCalledWith({
      mutation: StartTotpEnrollmentDocument,
      variables: { challengeToken: 't-1' },
    });
  });

  it('tells failures apart by extensions.code (wrong password, throttled)', async () => {
    const wrong = fakeClient(new Map([[SignInDocument, graphQLError(ErrorCode.Unauthenticated)]]));
    await expect(signIn(wrong.client, { email: 'a@example.com', password: 'pw' })).resolves.toEqual(
      { kind: 'failed', notice: { title: 'Login Failed', message: Messages.loginFailed } },
    );
    const throttled = fakeClient(
      new Map([[SignInDocument, graphQLError(ErrorCode.RateLimited, 'Try again in 5 minutes.')]]),
    );
    await expect(
      signIn(throttled.client, { email: 'a@example.com', password: 'pw' }),
    ).resolves.toEqual({
      kind: 'failed',
      notice: { title: 'Too Many Attempts', message: 'Try again in 5 minutes.' },
    });
  });
});

describe('forgot password', () => {
  it('asks for the email first, flags a bad one, and lower-cases a good one', () => {
    expect(checkResetEmail('  ')).toEqual({ missing: true });
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Email Required', message: Messages.emailRequiredForReset }),
    );
    expect(checkResetEmail('nope')).toEqual({ fieldError: Messages.invalidEmail });
    expect(checkResetEmail(' A@Example.com ')).toEqual({ email: 'a@example.com' });
  });

  it('sends the request and says so, or shows the failure', async () => {
    const ok = fakeClient(
      new Map([[RequestPasswordResetDocument, { requestPasswordReset: true }]]),
    );
    await requestPasswordReset(ok.client, 'a@example.com');
    expect(ok.mutate).toHaveBeenCalledWith({
      mutation: RequestPasswordResetDocument,
      variables: { email: 'a@example.com' },
    });
    expect(shown).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Reset Link Sent' }));
    const down = fakeClient(
      new Map([[RequestPasswordResetDocument, graphQLError(ErrorCode.RateLimited, 'Slow down.')]]),
    );
    await requestPasswordReset(down.client, 'a@example.com');
    expect(shown).toHaveBeenLastCalledWith(expect.objectContaining({ color: 'red' }));
  });
});
