// The payment-provider diagnostic against a stand-in for Stripe's API on a real socket.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runDiagnostic } from '@jibs/subgraph';
import type { BillingConfig } from '../billing.config';
import { paymentProviderDiagnostic } from './payment-provider-diagnostic';

describe('the payment provider diagnostic', () => {
  let stripe: Server;
  let port: number;
  const seen: { path?: string; authorization?: string }[] = [];
  let status = 200;

  beforeAll(async () => {
    stripe = createServer((req, res) => {
      seen.push({ path: req.url, authorization: req.headers.authorization });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    port = (stripe.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => stripe.close(() => resolve())));

  const stripeConfig = (overrides: Partial<BillingConfig> = {}) =>
    ({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_diagnostics',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: port,
      STRIPE_API_PROTOCOL: 'http',
      ...overrides,
    }) as BillingConfig;

  it('passes when Stripe accepts the key on an authenticated read', async () => {
    status = 200;
    expect(await runDiagnostic(paymentProviderDiagnostic(stripeConfig()))).toMatchObject({
      status: 'passed',
    });
    expect(seen.at(-1)).toEqual({
      path: '/v1/balance',
      authorization: 'Bearer sk_test_diagnostics',
    });
  });

  it('fails with the reason when Stripe refuses the key or fails', async () => {
    status = 401;
    expect(await runDiagnostic(paymentProviderDiagnostic(stripeConfig()))).toMatchObject({
      status: 'failed',
      reason: 'Stripe refused the secret key',
    });
    status = 503;
    expect(await runDiagnostic(paymentProviderDiagnostic(stripeConfig()))).toMatchObject({
      status: 'failed',
      reason: 'Stripe answered 503',
    });
  });

  it('fails when Stripe cannot be reached', async () => {
    const result = await runDiagnostic(
      paymentProviderDiagnostic(stripeConfig({ STRIPE_API_PORT: 1 })),
    );
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/fetch failed/);
  });

  it('passes for the sandbox, which runs inside billing, without any network call', async () => {
    const before = seen.length;
    const sandbox = { PAYMENT_PROVIDER: 'sandbox' } as BillingConfig;
    expect(await runDiagnostic(paymentProviderDiagnostic(sandbox))).toMatchObject({
      status: 'passed',
    });
    expect(seen).toHaveLength(before);
  });
});
