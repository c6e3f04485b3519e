import { eventually } from '@jibs/testing';
import type { LocalStack } from '@jibs/stack';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { asUnverifiedAccount, signUpByApi } from './support/sign-up';
import { latestMail } from './support/web-flows';

const START_REGISTRATION = `mutation { startRegistrationCheckout { id url } }`;
const START_SUBSCRIPTION = `mutation { startSubscriptionCheckout { id url } }`;
const SAVE = `mutation($input: SaveHouseholdInput!) { saveHousehold(input: $input) { id } }`;
const PAYMENTS = `{ myPayments { amount status type } }`;
const child = (firstName: string) => ({
  firstName,
  lastName: 'Rahman',
  relationship: 'CHILD',
  dateOfBirth: '2012-06-15',
  childCertified: true,
});

/**
 * Issue 10 ("Money"), tried through the gateway as a member and as a stranger would: an
 * unverified member cannot pay, repeated starts make one checkout, a household change expires
 * the open checkout, and a checkout id alone opens nothing.
 */
describe('money through the gateway, end to end', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ stack, stop } = await startE2eStack({ shared: true }));
  });

  afterAll(async () => {
    await stop?.();
  });

  /** The sandbox page through the gateway (the URL billing returns names the public origin). */
  const onGateway = (url: string) => {
    const parsed = new URL(url);
    return `${stack.gatewayUrl}${parsed.pathname}${parsed.search}`;
  };
  const post = (url: string, fields: Record<string, string>) =>
    fetch(`${stack.gatewayUrl}${new URL(url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  it('refuses an unverified member, then charges the verified one once, for the household as it is', async () => {
    const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const input = aSignUp();
    // An account from before sign-up verified the email (the old one-step sign-up).
    const { user } = await signUpByApi(member, stack, input);
    await asUnverifiedAccount(stack, user.id);

    const refused = await member.request(START_REGISTRATION);
    expect([refused.errors?.[0]?.extensions?.['code'], refused.errors?.[0]?.message]).toEqual([
      'FORBIDDEN',
      'Email Not Verified: Please verify your account to continue.',
    ]);

    const askedAt = new Date(Date.now() - 1000).toISOString();
    await member.request(`mutation { sendVerificationCode(method: EMAIL) { method } }`);
    const [, code] = await latestMail(
      stack,
      String(input['email']),
      /code is (\d{6})/,
      // After the sign-up's own code.
      askedAt,
    );
    const verified = await member.request(
      `mutation($code: String!) { verifyCode(method: EMAIL, code: $code) { verified } }`,
      { code },
    );
    expect(verified.errors).toBeUndefined();
    // Billing learns it from user.verified on the bus.
    const first = await eventually(
      async () => {
        const result = await member.request<{
          startRegistrationCheckout: { id: string; url: string };
        }>(START_REGISTRATION);
        return result.data?.startRegistrationCheckout;
      },
      { timeoutMs: 20_000, message: 'billing to accept the verified member' },
    );
    const repeats = await Promise.all([1, 2, 3].map(() => member.request(START_REGISTRATION)));
    expect(
      repeats.map(
        (r) => (r.data as { startRegistrationCheckout: unknown }).startRegistrationCheckout,
      ),
    ).toEqual([first, first, first]);

    // A stranger who read the checkout id somewhere can neither open, decline nor cancel it.
    expect((await fetch(`${stack.gatewayUrl}${new URL(first.url).pathname}`)).status).toBe(404);
    for (const fields of <Record<string, string>[]>[
      { action: 'pay', card: '4000000000000002' },
      { action: 'cancel' },
    ])
      expect((await post(first.url, fields)).status).toBe(404);
    expect((await member.request<{ myPayments: unknown[] }>(PAYMENTS)).data!.myPayments).toEqual(
      [],
    );
    expect((await fetch(onGateway(first.url))).status).toBe(200);

    // Four children saved while the $175 checkout is open: that checkout is expired.
    const saved = await member.request(SAVE, {
      input: {
        members: [child('Omar'), child('Sara'), child('Zaid'), child('Huda')],
        sameAddressCertified: true,
      },
    });
    expect(saved.errors).toBeUndefined();
    expect((await fetch(onGateway(first.url))).status).toBe(410);
    expect(
      (
        await post(first.url, {
          k: new URL(first.url).searchParams.get('k')!,
          action: 'pay',
          card: '4242424242424242',
        })
      ).status,
    ).toBe(410);

    const current = (
      await member.request<{ startRegistrationCheckout: { id: string; url: string } }>(
        START_REGISTRATION,
      )
    ).data!.startRegistrationCheckout;
    expect(current.id).not.toBe(first.id);
    const k = new URL(current.url).searchParams.get('k')!;
    for (let i = 0; i < 2; i++)
      expect((await post(current.url, { k, action: 'pay', card: '4242424242424242' })).status).toBe(
        303,
      );
    expect((await member.request<{ myPayments: unknown[] }>(PAYMENTS)).data!.myPayments).toEqual([
      { amount: 27500, status: 'COMPLETED', type: 'REGISTRATION' },
    ]);

    // Monthly dues: a repeated start returns the open checkout.
    const dues = await Promise.all([1, 2].map(() => member.request(START_SUBSCRIPTION)));
    expect(dues.map((r) => r.errors)).toEqual([undefined, undefined]);
    const [a, b] = dues.map(
      (r) => (r.data as { startSubscriptionCheckout: { id: string } }).startSubscriptionCheckout.id,
    );
    expect(a).toBe(b);
  });
});
