import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckoutKind } from '@jibs/domain';
import { InvalidWebhookError } from '../payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';
import { signWebhookPayload } from '../webhook-signature';

interface Captured {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** A tiny stand-in for api.stripe.com: records each request and answers like Stripe. */
function stripeStandIn(requests: Captured[]): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/customers')
        return res.end(JSON.stringify({ id: 'cus_standin', object: 'customer' }));
      if (req.url === '/v1/checkout/sessions')
        return res.end(
          JSON.stringify({
            id: 'cs_test_standin',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_standin',
          }),
        );
      if (req.url === '/v1/billing_portal/sessions')
        return res.end(
          JSON.stringify({ id: 'bps_1', url: 'https://billing.stripe.com/p/session/1' }),
        );
      if (req.url === '/v1/refunds')
        return res.end(JSON.stringify({ id: 're_standin', object: 'refund', status: 'succeeded' }));
      if (req.url === '/v1/checkout/sessions/cs_open/expire')
        return res.end(
          JSON.stringify({ id: 'cs_open', object: 'checkout.session', status: 'expired' }),
        );
      if (req.url === '/v1/checkout/sessions/cs_done/expire') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status of `open` can be expired.',
            },
          }),
        );
      }
      if (req.method === 'DELETE' && req.url === '/v1/subscriptions/sub_gone') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'This subscription has already been canceled.',
            },
          }),
        );
      }
      if (req.method === 'DELETE' && req.url?.startsWith('/v1/subscriptions/'))
        return res.end(JSON.stringify({ id: 'sub_2', object: 'subscription', status: 'canceled' }));
      if (req.url?.startsWith('/v1/subscriptions/'))
        return res.end(
          JSON.stringify({
            id: 'sub_1',
            object: 'subscription',
            status: 'active',
            cancel_at_period_end: true,
            items: { data: [{ current_period_start: 1, current_period_end: 2 }] },
          }),
        );
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: 'not found' } }));
    });
  });
}

describe('the Stripe adapter', () => {
  const webhookSecret = 'whsec_test_secret_for_the_adapter';
  const requests: Captured[] = [];
  let server: Server;
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    server = stripeStandIn(requests);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider = new StripePaymentProvider({
      secretKey: 'sk_test_standin',
      webhookSecret,
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      protocol: 'http',
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  beforeEach(() => {
    requests.length = 0;
  });

  const request = (kind: CheckoutKind, existingId: string | null) => ({
    kind,
    userId: '5b0f1f3c-1111-4a4a-9b9b-222233334444',
    customer: {
      userId: '5b0f1f3c-1111-4a4a-9b9b-222233334444',
      email: 'yusuf@example.com',
      name: 'Yusuf Ali',
      existingId,
    },
    lineItems: [
      { label: 'Household registration fee', amount: 17500 },
      { label: 'Spouse: Amina Ali', amount: 2500 },
    ],
    successUrl:
      'https://jibs.example.org/registration-payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://jibs.example.org/payment-cancelled?session_id={CHECKOUT_SESSION_ID}',
    metadata: {
      userId: '5b0f1f3c-1111-4a4a-9b9b-222233334444',
      kind,
      checkoutId: '9d9d9d9d-1111-4a4a-9b9b-222233334444',
    },
    idempotencyKey: 'checkout-9d9d9d9d-1111-4a4a-9b9b-222233334444',
  });

  it('creates a customer, then a payment-mode session with billing amounts, metadata and an idempotency key', async () => {
    const created = await provider.createCheckoutSession(request(CheckoutKind.REGISTRATION, null));
    expect(created).toEqual({
      sessionId: 'cs_test_standin',
      url: 'https://checkout.stripe.com/c/pay/cs_test_standin',
      customerId: 'cus_standin',
    });
    const [customer, session] = requests;
    expect(customer!.path).toBe('/v1/customers');
    expect(customer!.form.get('email')).toBe('yusuf@example.com');
    expect(customer!.form.get('metadata[userId]')).toBe('5b0f1f3c-1111-4a4a-9b9b-222233334444');
    expect(customer!.headers['idempotency-key']).toBe(
      'customer-5b0f1f3c-1111-4a4a-9b9b-222233334444',
    );
    expect(customer!.headers['authorization']).toBe('Bearer sk_test_standin');

    expect(session!.path).toBe('/v1/checkout/sessions');
    expect(session!.headers['idempotency-key']).toBe(
      'checkout-9d9d9d9d-1111-4a4a-9b9b-222233334444',
    );
    const form = session!.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('customer')).toBe('cus_standin');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('17500');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('2500');
    expect(form.get('line_items[1][price_data][product_data][name]')).toBe('Spouse: Amina Ali');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(form.get('metadata[userId]')).toBe('5b0f1f3c-1111-4a4a-9b9b-222233334444');
    expect(form.get('metadata[kind]')).toBe('registration');
    expect(form.get('metadata[checkoutId]')).toBe('9d9d9d9d-1111-4a4a-9b9b-222233334444');
    expect(form.get('payment_intent_data[metadata][userId]')).toBe(
      '5b0f1f3c-1111-4a4a-9b9b-222233334444',
    );
    expect(form.get('success_url')).toBe(
      'https://jibs.example.org/registration-payment-success?session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('creates a subscription-mode session with monthly recurring prices for the stored customer', async () => {
    await provider.createCheckoutSession({
      ...request(CheckoutKind.SUBSCRIPTION, 'cus_existing'),
      lineItems: [{ label: 'Monthly family membership', amount: 2500 }],
    });
    expect(requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    const form = requests[0]!.form;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('customer')).toBe('cus_existing');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('subscription_data[metadata][kind]')).toBe('subscription');
    expect(requests[0]!.headers['idempotency-key']).toBeDefined();
  });

  it('cancels at period end and opens the Customer Portal', async () => {
    const state = await provider.cancelSubscriptionAtPeriodEnd('sub_1', 'cancel-sub_1');
    expect(state).toEqual({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodStart: 1,
      currentPeriodEnd: 2,
    });
    expect(requests[0]!.form.get('cancel_at_period_end')).toBe('true');
    expect(requests[0]!.headers['idempotency-key']).toBe('cancel-sub_1');
    const url = await provider.createPortalSession({
      customerId: 'cus_1',
      returnUrl: 'https://jibs.example.org/profile',
    });
    expect(url).toBe('https://billing.stripe.com/p/session/1');
    expect(requests[1]!.form.get('customer')).toBe('cus_1');
  });

  it('refunds a payment intent or a charge with an idempotency key', async () => {
    expect(await provider.refund('pi_123', 'refund-p1')).toBe('re_standin');
    expect(await provider.refund('ch_456', 'refund-p2')).toBe('re_standin');
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/refunds'],
      ['POST', '/v1/refunds'],
    ]);
    expect(requests[0]!.form.get('payment_intent')).toBe('pi_123');
    expect(requests[0]!.headers['idempotency-key']).toBe('refund-p1');
    expect(requests[1]!.form.get('charge')).toBe('ch_456');
    expect(requests[1]!.form.get('payment_intent')).toBeNull();
  });

  it('expires an open session, and says so when Stripe cannot (already complete)', async () => {
    expect(await provider.expireCheckoutSession('cs_open')).toBe(true);
    expect(await provider.expireCheckoutSession('cs_done')).toBe(false);
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/checkout/sessions/cs_open/expire'],
      ['POST', '/v1/checkout/sessions/cs_done/expire'],
    ]);
  });

  it('cancels a subscription at once; one already canceled is no error', async () => {
    await provider.cancelSubscriptionNow('sub_2', 'cancel-now-sub_2');
    await provider.cancelSubscriptionNow('sub_gone', 'cancel-now-sub_gone');
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['DELETE', '/v1/subscriptions/sub_2'],
      ['DELETE', '/v1/subscriptions/sub_gone'],
    ]);
    expect(requests[0]!.headers['idempotency-key']).toBe('cancel-now-sub_2');
  });

  it('refuses a signature from more than five minutes in the future', () => {
    const payload = JSON.stringify({
      id: 'evt_f',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(() =>
      provider.verifyWebhook(
        Buffer.from(payload),
        signWebhookPayload(webhookSecret, payload, now + 600),
      ),
    ).toThrow('Timestamp outside the tolerance zone');
    expect(
      provider.verifyWebhook(
        Buffer.from(payload),
        signWebhookPayload(webhookSecret, payload, now + 60),
      ).id,
    ).toBe('evt_f');
  });

  it('verifies webhook signatures with Stripe: valid, tampered, stale, wrong secret', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const event = provider.verifyWebhook(
      Buffer.from(payload),
      signWebhookPayload(webhookSecret, payload),
    );
    expect(event.id).toBe('evt_1');
    expect(() =>
      provider.verifyWebhook(
        Buffer.from(payload.replace('evt_1', 'evt_2')),
        signWebhookPayload(webhookSecret, payload),
      ),
    ).toThrow(InvalidWebhookError);
    const stale = signWebhookPayload(webhookSecret, payload, Math.floor(Date.now() / 1000) - 600);
    expect(() => provider.verifyWebhook(Buffer.from(payload), stale)).toThrow(InvalidWebhookError);
    expect(() =>
      provider.verifyWebhook(
        Buffer.from(payload),
        signWebhookPayload('whsec_another_secret', payload),
      ),
    ).toThrow(InvalidWebhookError);
    expect(() => provider.verifyWebhook(Buffer.from(payload), undefined)).toThrow(
      InvalidWebhookError,
    );
  });
});
