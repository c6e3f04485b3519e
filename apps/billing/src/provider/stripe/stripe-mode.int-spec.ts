import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asGateway, BillingHarness } from '../../testing/billing-harness';
import { sandboxEvent, signSandboxEvent } from '../sandbox/sandbox-events';

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

  it("applies Stripe's signed events through the webhook endpoint, and refuses the sandbox's", async () => {
    const member = await h.aMember();
    const t = Math.floor(Date.now() / 1000);
    // As newer API versions send them: the subscription and its metadata under `parent`.
    const paidInvoice = {
      type: 'invoice.paid',
      created: t,
      object: {
        id: 'in_stripe_mode_1',
        object: 'invoice',
        customer: 'cus_standin',
        billing_reason: 'subscription_create',
        amount_paid: 2500,
        currency: 'usd',
        lines: { data: [{ period: { start: t, end: t + 2592000 } }] },
        parent: {
          subscription_details: { subscription: 'sub_stripe_1', metadata: { userId: member.id } },
        },
        payments: { data: [{ payment: { payment_intent: 'pi_stripe_mode_1' } }] },
      },
    };
    const subscription = {
      type: 'customer.subscription.updated',
      created: t + 1,
      object: {
        id: 'sub_stripe_1',
        object: 'subscription',
        customer: 'cus_standin',
        status: 'active',
        cancel_at_period_end: false,
        metadata: { userId: member.id },
        items: {
          data: [
            {
              price: { unit_amount: 2500 },
              current_period_start: t,
              current_period_end: t + 2592000,
            },
          ],
        },
      },
    };
    expect((await h.deliver(paidInvoice)).status).toBe(200);
    expect((await h.deliver(subscription)).status).toBe(200);
    const paid = await h.gql(
      `{ mySubscription { status monthlyAmount } myPayments { amount status type providerPaymentId } }`,
      {},
      member.token,
    );
    expect(paid.data).toEqual({
      mySubscription: { status: 'ACTIVE', monthlyAmount: 2500 },
      myPayments: [
        {
          amount: 2500,
          status: 'COMPLETED',
          type: 'MEMBERSHIP',
          providerPaymentId: 'in_stripe_mode_1',
        },
      ],
    });

    // Signed with the endpoint's secret, but the sandbox's shape: Stripe is the provider here.
    const { payload, signature } = signSandboxEvent(
      h.webhookSecret,
      sandboxEvent({
        kind: 'invoice.paid',
        member: { userId: member.id, customerId: null },
        invoiceId: 'in_forged',
        subscriptionId: 'sub_forged',
        amountCents: 2500,
        currency: 'usd',
        periodStart: null,
        refundRef: null,
      }),
    );
    const refused = await fetch(`${h.url}/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(refused.status).toBe(400);
    expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(1);
  });
});
