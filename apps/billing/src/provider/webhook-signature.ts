import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { InvalidWebhookError } from './payment-provider';
import { providerNow } from './provider-facts';

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `Stripe-Signature` header for a payload, computed the way Stripe does. */
export function signWebhookPayload(
  secret: string,
  payload: string,
  timestamp: number = providerNow(),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * The JSON a webhook carried, once its signature over the raw bytes received is verified with
 * Stripe's own code (Stripe's events and the sandbox's are signed the same way).
 */
export function verifySignedPayload(
  secret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): unknown {
  if (!signatureHeader) throw new InvalidWebhookError('missing Stripe-Signature header');
  // Stripe's own check only refuses signatures older than the tolerance; one from the future
  // (a clock far ahead, or a signature minted to be replayed later) is refused here too.
  const timestamp = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signatureHeader)?.[1]);
  if (!Number.isFinite(timestamp))
    throw new InvalidWebhookError('Stripe-Signature header has no timestamp');
  if (Math.abs(providerNow() - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw new InvalidWebhookError('Timestamp outside the tolerance zone');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
    ) as unknown;
  } catch (error) {
    throw new InvalidWebhookError(error instanceof Error ? error.message : 'invalid signature');
  }
}
