import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asGateway, BillingHarness } from '../../testing/billing-harness';

/** Billing configured for Stripe, against a local stand-in of api.stripe.com. */
describe('billing with the Stripe provider', () => {
  const sessions: URLSearchParams[] = [];
  let stripe: Server;
  let h: BillingHarness;

  beforeAll(async () => {
    stripe = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/customers') return res.end(JSON.stringify({ id: 'cus_standin' }));
        sessions.push(new URLSearchParams(body));
        res.end(
          JSON.stringify({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
        );
      });
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    h = await BillingHarness.start({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String((stripe.address() as AddressInfo).port),
      STRIPE_API_PROTOCOL: 'http',
    });
  });

  afterAll(async () => {
    await h?.close();
    await new Promise((resolve) => stripe?.close(resolve));
  });

  it('charges the amounts of the stored household, whatever the client shows', async () => {
    const member = await h.aMember();
    await h.gql(
      `mutation($input: SaveHouseholdInput!) { saveHousehold(input: $input) { id } }`,
      {
        input: {
          members: [
            {
              firstName: 'Amina',
              lastName: 'Ali',
              relationship: 'SPOUSE',
              dateOfBirth: '1980-02-01',
            },
          ],
          sameAddressCertified: true,
        },
      },
      member.token,
    );
    const started = await h.gql(
      `mutation { startRegistrationCheckout { id url } }`,
      {},
      member.token,
    );
    expect(started.data.startRegistrationCheckout).toEqual({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const form = sessions.at(-1)!;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('17500');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('2500');
    expect(form.get('metadata[userId]')).toBe(member.id);
    expect(form.get('success_url')).toBe(
      'https://jibs.example.org/registration-payment-success?session_id={CHECKOUT_SESSION_ID}',
    );
    const status = await h.gql(
      `query($id: ID!) { checkoutStatus(id: $id) { kind state } }`,
      { id: 'cs_test_1' },
      member.token,
    );
    expect(status.data.checkoutStatus).toEqual({ kind: 'REGISTRATION', state: 'OPEN' });
  });

  it('refuses sandbox renewals and serves no sandbox page', async () => {
    const member = await h.aMember();
    const result = await h.gql(
      `mutation { sandboxRunRenewal(outcome: COMPLETED) { id } }`,
      {},
      member.token,
    );
    expect(result.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(
      (await fetch(`${h.url}/sandbox/checkout/cs_test_1`, { headers: asGateway() })).status,
    ).toBe(404);
  });
});
