import type { DiagnosticCheck } from '@jibs/subgraph';
import type { BillingConfig } from '../billing.config';

/**
 * The admin's diagnostics: can billing reach its payment provider? Stripe: an authenticated
 * read of the account balance (proves the address, TLS and the key). The sandbox runs inside
 * billing itself, so billing answering is the proof.
 */
export function paymentProviderDiagnostic(config: BillingConfig): DiagnosticCheck {
  return {
    name: 'payments',
    run: async () => {
      if (config.PAYMENT_PROVIDER !== 'stripe') return;
      const protocol = config.STRIPE_API_PROTOCOL ?? 'https';
      const host = config.STRIPE_API_HOST ?? 'api.stripe.com';
      const port = config.STRIPE_API_PORT ? `:${config.STRIPE_API_PORT}` : '';
      const response = await fetch(`${protocol}://${host}${port}/v1/balance`, {
        headers: { authorization: `Bearer ${config.STRIPE_SECRET_KEY}` },
        signal: AbortSignal.timeout(4_000),
      });
      await response.arrayBuffer();
      if (response.status === 401) throw new Error('Stripe refused the secret key');
      if (!response.ok) throw new Error(`Stripe answered ${response.status}`);
    },
  };
}
