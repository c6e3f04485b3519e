import { NestFactory } from '@nestjs/core';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { AuthModule, TOKEN_VERIFIER, type TokenVerifier } from '@jibs/auth';
import { eventually } from '@jibs/testing';
import { gatewayHeaders } from '@jibs/subgraph';
import {
  GATEWAY_SECRET,
  IdentityHarness,
  refreshCookieOf,
  type TestUser,
} from '../testing/identity-harness';
import { REFRESH_REUSE_GRACE_SECONDS } from './sessions.service';

const ME = '{ me { id } }';
const REFRESH = 'mutation { refreshSession { accessToken user { id } } }';
const SIGN_OUT = 'mutation { signOut }';
const REQUEST_RESET = 'mutation($email: String) { requestPasswordReset(email: $email) }';
const RESET = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) }';

describe('sessions: revocation and refresh races', () => {
  let identity: IdentityHarness;
  /** Another service's verifier: libs/auth's AuthModule pointed at identity, as billing's is. */
  let other: INestApplicationContext;
  let otherVerify: TokenVerifier;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
    @Module({
      imports: [
        AuthModule.forRoot(() => ({
          jwksUrl: `${identity.url}/.well-known/jwks.json`,
          issuer: 'jibs-identity',
          audience: 'jibs',
          revocationRefreshMs: 200,
          revocationHeaders: gatewayHeaders(GATEWAY_SECRET),
        })),
      ],
    })
    class OtherServiceModule {}
    other = await NestFactory.createApplicationContext(OtherServiceModule, { logger: false });
    otherVerify = other.get<TokenVerifier>(TOKEN_VERIFIER);
  });

  afterAll(async () => {
    await other?.close();
    await identity?.close();
  });

  const me = (token: string) => identity.gql(ME, undefined, { token });
  const accepted = async (token: string) => (await me(token)).body.data?.me?.id as string;
  const refusedByOther = (token: string) =>
    otherVerify(token).then(
      () => false,
      () => true,
    );

  async function resetPassword(member: TestUser): Promise<void> {
    await identity.gql(REQUEST_RESET, { email: member.email });
    const mail = await eventually(
      async () =>
        (await identity.mailsTo(member.email)).find((m) => m.subject.includes('Reset')) ?? null,
      { message: 'the reset link' },
    );
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail.text)![1]!);
    const { body } = await identity.gql(RESET, {
      input: { token, password: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(body.data.resetPassword).toBe(true);
  }

  describe('an access token stops working', () => {
    it('at sign-out, in identity at once and in another service within its refresh', async () => {
      const member = await identity.aMember();
      const other = await identity.aMember();
      expect(await accepted(member.accessToken)).toBe(member.id);
      await expect(otherVerify(member.accessToken)).resolves.toMatchObject({ id: member.id });

      const out = await identity.gql(SIGN_OUT, undefined, { cookie: member.refreshCookie });
      expect(out.body.data.signOut).toBe(true);
      // Both cookies go: the refresh token and the page's hint that there is a session.
      expect(out.res.headers.getSetCookie()).toEqual([
        expect.stringMatching(/^jibs_refresh=; Path=\/graphql; Expires=Thu, 01 Jan 1970 /),
        expect.stringMatching(/^jibs_session=; Path=\/; Expires=Thu, 01 Jan 1970 /),
      ]);

      const after = await me(member.accessToken);
      expect(after.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      await eventually(() => refusedByOther(member.accessToken), {
        message: 'the other service to refuse the signed-out token',
      });
      // Someone else's session is untouched.
      expect(await accepted(other.accessToken)).toBe(other.id);
      await expect(otherVerify(other.accessToken)).resolves.toMatchObject({ id: other.id });
    });

    it('after a password reset, for every session of the account', async () => {
      const member = await identity.aMember();
      const second = await identity.gql(
        'mutation($input: SignInInput!) { signIn(input: $input) { session { accessToken } } }',
        { input: { email: member.email, password: member.password } },
      );
      const secondToken: string = second.body.data.signIn.session.accessToken;
      expect(await accepted(secondToken)).toBe(member.id);

      await resetPassword(member);

      for (const token of [member.accessToken, secondToken]) {
        expect((await me(token)).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
        await eventually(() => refusedByOther(token), {
          message: 'the other service to refuse a token from before the reset',
        });
      }
      // A sign-in with the new password works again, everywhere.
      const fresh = await identity.gql(
        'mutation($input: SignInInput!) { signIn(input: $input) { session { accessToken } } }',
        { input: { email: member.email, password: 'brand-new-1' } },
      );
      const freshToken: string = fresh.body.data.signIn.session.accessToken;
      expect(await accepted(freshToken)).toBe(member.id);
      await expect(otherVerify(freshToken)).resolves.toMatchObject({ id: member.id });
    });

    it('serves the revocation list the other services read', async () => {
      const member = await identity.aMember();
      await identity.gql(SIGN_OUT, undefined, { cookie: member.refreshCookie });
      const [row] = await identity.dataSource.query(
        'SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1',
        [member.id],
      );
      // Internal: only callers holding the service credential read it.
      expect((await fetch(`${identity.url}/internal/revocations`)).status).toBe(403);
      const res = await fetch(`${identity.url}/internal/revocations`, {
        headers: gatewayHeaders(GATEWAY_SECRET),
      });
      expect(res.status).toBe(200);
      const list = (await res.json()) as { sids: string[]; notBefore: Record<string, number> };
      expect(list.sids).toContain(row.family_id);
    });
  });

  describe('the revocation list as a long poll', () => {
    const LIST = () => `${identity.url}/internal/revocations`;
    const read = (headers: Record<string, string> = {}) =>
      fetch(LIST(), { headers: { ...gatewayHeaders(GATEWAY_SECRET), ...headers } });

    it('answers a poll holding the current version when a sign-out is committed, else 304 after the wait', async () => {
      const member = await identity.aMember();
      const first = await read();
      const version = first.headers.get('etag')!;
      expect(version).toMatch(/^"[^"]+"$/);

      const quiet = Date.now();
      const unchanged = await read({ 'if-none-match': version, prefer: 'wait=1' });
      expect(unchanged.status).toBe(304);
      expect(Date.now() - quiet).toBeGreaterThanOrEqual(900);

      const waiting = read({ 'if-none-match': version, prefer: 'wait=30' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signedOut = Date.now();
      await identity.gql(SIGN_OUT, undefined, { cookie: member.refreshCookie });
      const answered = await waiting;
      // Far below the 30 s wait: the commit answered it.
      expect(Date.now() - signedOut).toBeLessThan(5_000);
      expect(answered.status).toBe(200);
      expect(answered.headers.get('etag')).not.toBe(version);
      const [row] = await identity.dataSource.query(
        'SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1',
        [member.id],
      );
      const list = (await answered.json()) as { sids: string[] };
      expect(list.sids).toContain(row.family_id);
    });

    it("reaches another service's verifier within a round trip, with no timer to wait for", async () => {
      @Module({
        imports: [
          AuthModule.forRoot(() => ({
            jwksUrl: `${identity.url}/.well-known/jwks.json`,
            issuer: 'jibs-identity',
            audience: 'jibs',
            // Ten minutes: only identity's answer to the long poll can explain a quick refusal.
            revocationRefreshMs: 600_000,
            revocationHeaders: gatewayHeaders(GATEWAY_SECRET),
          })),
        ],
      })
      class FollowerModule {}
      const follower = await NestFactory.createApplicationContext(FollowerModule, {
        logger: false,
      });
      try {
        const verify = follower.get<TokenVerifier>(TOKEN_VERIFIER);
        const member = await identity.aMember();
        await expect(verify(member.accessToken)).resolves.toMatchObject({ id: member.id });
        // Its long poll is waiting on the current version (the first read has landed).
        await new Promise((resolve) => setTimeout(resolve, 500));
        await identity.gql(SIGN_OUT, undefined, { cookie: member.refreshCookie });
        await eventually(
          () =>
            verify(member.accessToken).then(
              () => false,
              () => true,
            ),
          { timeoutMs: 3_000, message: 'the follower to refuse the signed-out token' },
        );
      } finally {
        await follower.close();
      }
    });
  });

  describe('refreshing', () => {
    it('gives two tabs refreshing with the same cookie at once a session each', async () => {
      const member = await identity.aMember();
      const [a, b] = await Promise.all([
        identity.gql(REFRESH, undefined, { cookie: member.refreshCookie }),
        identity.gql(REFRESH, undefined, { cookie: member.refreshCookie }),
      ]);
      expect(a.body.errors).toBeUndefined();
      expect(b.body.errors).toBeUndefined();
      // Both new cookies keep working, and so do both access tokens.
      for (const res of [a, b]) {
        expect(await accepted(res.body.data.refreshSession.accessToken)).toBe(member.id);
        const next = await identity.gql(REFRESH, undefined, { cookie: refreshCookieOf(res.res) });
        expect(next.body.data?.refreshSession.user.id).toBe(member.id);
      }
    });

    it('treats a rotated cookie presented after the grace window as reuse: the family ends', async () => {
      const member = await identity.aMember();
      const first = await identity.gql(REFRESH, undefined, { cookie: member.refreshCookie });
      const rotated = refreshCookieOf(first.res);
      const newToken: string = first.body.data.refreshSession.accessToken;
      await identity.dataSource.query(
        `UPDATE refresh_tokens SET rotated_at = rotated_at - make_interval(secs => $2)
          WHERE user_id = $1 AND rotated_at IS NOT NULL`,
        [member.id, REFRESH_REUSE_GRACE_SECONDS + 1],
      );
      const replay = await identity.gql(REFRESH, undefined, { cookie: member.refreshCookie });
      expect(replay.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      const owner = await identity.gql(REFRESH, undefined, { cookie: rotated });
      expect(owner.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect((await me(newToken)).body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    });

    it('never revives a signed-out session, even within the grace window', async () => {
      const member = await identity.aMember();
      const first = await identity.gql(REFRESH, undefined, { cookie: member.refreshCookie });
      await identity.gql(SIGN_OUT, undefined, { cookie: refreshCookieOf(first.res) });
      const replay = await identity.gql(REFRESH, undefined, { cookie: member.refreshCookie });
      expect(replay.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    });
  });
});
