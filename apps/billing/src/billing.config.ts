import { z } from 'zod';
import { envHelpers, secret, serviceEnvSchema } from '@jibs/config';
import { withTestRoutes } from '@jibs/subgraph';

const origin = envHelpers.url.transform((value) => value.replace(/\/+$/, ''));

const billingSettings = z
  .intersection(
    serviceEnvSchema,
    z.object({
      PORT: envHelpers.port(4003),
      /** `sandbox`: the local checkout page (default); `stripe`: the real provider. */
      PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
      STRIPE_SECRET_KEY: secret(z.string()).optional(),
      /** Verifies webhook signatures; the sandbox signs its events with it too. */
      STRIPE_WEBHOOK_SECRET: secret(z.string().min(16, 'STRIPE_WEBHOOK_SECRET is required')),
      /** Only for a local stand-in of api.stripe.com (tests): host, port and protocol. */
      STRIPE_API_HOST: z.string().optional(),
      STRIPE_API_PORT: z.coerce.number().int().optional(),
      STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
      /** Where people open the app: checkout success and cancel pages. */
      PUBLIC_ORIGIN: origin.default('http://localhost:8080'),
      /** Where the browser reaches billing's own pages (the sandbox checkout): the gateway. */
      BILLING_PUBLIC_URL: origin.default('http://localhost:8080'),
      /** Where the sandbox delivers its webhooks; this service's own address when unset. */
      SANDBOX_WEBHOOK_URL: envHelpers.url.optional(),
    }),
  )
  .refine((env) => env.PAYMENT_PROVIDER !== 'stripe' || env.STRIPE_SECRET_KEY, {
    message: 'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
    path: ['STRIPE_SECRET_KEY'],
  });

/** Billing's settings, and TEST_ROUTES for the test-only route of its `testEvents`. */
export const billingEnvSchema = withTestRoutes(billingSettings);

export type BillingConfig = z.output<typeof billingEnvSchema>;

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
