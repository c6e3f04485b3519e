import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { InvalidWebhookError, type ProviderEvent } from './payment-provider';

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `Stripe-Signature` header for a payload, computed the way Stripe does. */
export function signWebhookPayload(
  secret: string,
  payload: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Verifies with Stripe's own code, over the raw bytes received. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): ProviderEvent {
  if (!signatureHeader) throw new InvalidWebhookError('missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
    ) as unknown as ProviderEvent;
  } catch (error) {
    throw new InvalidWebhookError(error instanceof Error ? error.message : 'invalid signature');
  }
}
