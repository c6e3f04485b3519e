import { Reflector } from '@nestjs/core';
import { listOperationDecisions } from '@jibs/auth';
import {
  aSignUp,
  IdentityHarness,
  randomAddress,
  START_SIGN_UP,
} from '../testing/identity-harness';
import { ContactResolver } from '../contact/contact.resolver';
import { PasswordResetResolver } from '../password-reset/password-reset.resolver';
import { SessionsResolver } from '../sessions/sessions.resolver';
import { SecondFactorResolver } from '../second-factor/second-factor.resolver';
import { VerificationResolver } from '../verification/verification.resolver';
import { COSTLY_OPERATION } from './one-per-request';

const ONE_PER_REQUEST =
  'Only one sign-up, sign-in, code, password or form can be sent per request. Please send them one at a time.';
const SIGN_UPS_THROTTLED =
  'There have been several registrations from here in a short time. Please wait a while and try again.';

describe('abuse of costly mutations', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start({ SIGN_UPS_PER_ADDRESS_PER_HOUR: '3' });
  });

  afterAll(async () => {
    await identity?.close();
  });

  describe('sign-up throttle', () => {
    it('refuses the fourth sign-up from one client address within the hour, creating nothing', async () => {
      const address = randomAddress();
      for (let i = 0; i < 3; i++) {
        const { body } = await identity.gql(START_SIGN_UP, { input: aSignUp() }, { address });
        expect(body.errors).toBeUndefined();
      }
      const accounts = await identity.count('accounts');
      const refused = await identity.gql(START_SIGN_UP, { input: aSignUp() }, { address });
      expect(refused.body.errors?.[0]).toMatchObject({
        message: SIGN_UPS_THROTTLED,
        extensions: { code: 'RATE_LIMITED' },
      });
      expect(await identity.count('accounts')).toBe(accounts);
      // Another address is not affected.
      const elsewhere = await identity.gql(START_SIGN_UP, { input: aSignUp() });
      expect(elsewhere.body.errors).toBeUndefined();
    });

    it('refuses the fourth sign-up naming one email within the hour, from any address', async () => {
      const input = aSignUp();
      for (let i = 0; i < 3; i++) await identity.gql(START_SIGN_UP, { input });
      const mails = (await identity.mailsTo(input.email)).length;
      const refused = await identity.gql(START_SIGN_UP, {
        input: { ...input, firstName: 'Other' },
      });
      expect(refused.body.errors?.[0]).toMatchObject({
        message: SIGN_UPS_THROTTLED,
        extensions: { code: 'RATE_LIMITED' },
      });
      expect(await identity.count('accounts', 'email = $1', [input.email])).toBe(0);
      expect(await identity.mailsTo(input.email)).toHaveLength(mails);
    });

    it('does not count input refused as invalid', async () => {
      const address = randomAddress();
      for (let i = 0; i < 4; i++) {
        const { body } = await identity.gql(
          START_SIGN_UP,
          { input: aSignUp({ email: 'not-an-email' }) },
          { address },
        );
        expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      }
      const { body } = await identity.gql(START_SIGN_UP, { input: aSignUp() }, { address });
      expect(body.errors).toBeUndefined();
    });
  });

  describe('one costly mutation per request', () => {
    it('runs the first of aliased reset requests and refuses the others', async () => {
      const hits = await identity.throttled();
      const { body } = await identity.gql(`mutation {
        a: requestPasswordReset(email: "nobody.a@example.com")
        b: requestPasswordReset(email: "nobody.b@example.com")
        c: requestPasswordReset(email: "nobody.c@example.com")
      }`);
      // The refused field is non-null, so the answer carries no data; what counts is the error.
      expect(body.data).toBeNull();
      expect(body.errors?.length).toBeGreaterThan(0);
      for (const error of body.errors!) {
        expect(error).toMatchObject({
          message: ONE_PER_REQUEST,
          extensions: { code: 'RATE_LIMITED' },
        });
      }
      // Only the first counted (per email and per address): the others did nothing.
      expect(await identity.throttled()).toBe(hits + 2);
    });

    it('starts one sign-up (one code emailed) for aliased sign-ups', async () => {
      const [a, b] = [aSignUp(), aSignUp()];
      const codes = await identity.count('sign_up_codes');
      const { body } = await identity.gql(
        `mutation($a: SignUpInput!, $b: SignUpInput!) {
          a: startSignUp(input: $a) { signUpToken }
          b: startSignUp(input: $b) { signUpToken }
        }`,
        { a, b },
      );
      expect(body.errors?.[0]).toMatchObject({
        message: ONE_PER_REQUEST,
        extensions: { code: 'RATE_LIMITED' },
      });
      expect(await identity.count('sign_up_codes')).toBe(codes + 1);
      const mails = [...(await identity.mailsTo(a.email)), ...(await identity.mailsTo(b.email))];
      expect(mails).toHaveLength(1);
    });

    it('refuses aliased sign-ins after the first, starting one session only', async () => {
      const member = await identity.aMember();
      const sessions = await identity.count('refresh_tokens', 'user_id = $1', [member.id]);
      const input = `{ email: "${member.email}", password: "${member.password}" }`;
      const { body } = await identity.gql(`mutation {
        a: signIn(input: ${input}) { session { accessToken } }
        b: signIn(input: ${input}) { session { accessToken } }
      }`);
      expect(body.errors?.map((error) => error.extensions.code)).toEqual(['RATE_LIMITED']);
      expect(await identity.count('refresh_tokens', 'user_id = $1', [member.id])).toBe(
        sessions + 1,
      );
    });

    it('guards every mutation that hashes a password or sends a message', () => {
      const reflector = identity.app.get(Reflector);
      const resolvers = [
        SessionsResolver,
        PasswordResetResolver,
        VerificationResolver,
        SecondFactorResolver,
        ContactResolver,
      ];
      const guarded = resolvers.flatMap((resolver) =>
        Object.getOwnPropertyNames(resolver.prototype).filter((name) =>
          reflector.get(
            COSTLY_OPERATION,
            (resolver.prototype as unknown as Record<string, () => void>)[name]!,
          ),
        ),
      );
      expect(guarded.sort()).toEqual(
        [
          'startSignUp',
          'completeSignUp',
          'signIn',
          'completeSignIn',
          'startTotpEnrollment',
          'requestPasswordReset',
          'resetPassword',
          'sendVerificationCode',
          'setupTotp',
          'confirmTotp',
          'enableAuthenticator',
          'disableAuthenticator',
          'enableSmsSignIn',
          'disableSmsSignIn',
          'newRecoveryCodes',
          'submitContactMessage',
          'submitQuestion',
        ].sort(),
      );
      // The rest of identity's mutations neither hash nor send.
      const mutations = listOperationDecisions(identity.app)
        .map((entry) => entry.operation)
        .filter((operation) => operation.startsWith('Mutation.'))
        .map((operation) => operation.split('.').pop());
      expect(mutations.filter((name) => !guarded.includes(name!)).sort()).toEqual(
        [
          'refreshSession',
          'signOut',
          'updateProfile',
          'updateSiteSettings',
          'verifyCode',
          'setUserRole',
          // Every service's dead-letter mutations (libs/subgraph/src/operations).
          'replayDeadLetter',
          'replayDeadLetters',
          'discardDeadLetter',
        ].sort(),
      );
    });
  });
});
