import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CheckoutKind, isUuid, SubscriptionStatus } from '@jibs/domain';
import { InvalidWebhookError } from '../payment-provider';
import { providerNow, type ProviderEvent, type ProviderFact } from '../provider-facts';
import { signWebhookPayload, verifySignedPayload } from '../webhook-signature';

const id = z.string().min(1).max(255);
const uuid = z.string().refine(isUuid);
const cents = z.number().int().min(0);
const seconds = z.number().int().nullable();
const member = z.object({ userId: uuid.nullable(), customerId: id.nullable() });
const purpose = z.enum(CheckoutKind).nullable();
const currency = z.string().length(3);
const reason = z.string().max(500).nullable();

const fact = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('checkout.completed'),
    member,
    sessionId: id,
    checkoutId: uuid.nullable(),
    purpose,
    mode: z.enum(['payment', 'subscription']),
    subscriptionId: id.nullable(),
    paymentId: id,
    amountCents: cents,
    currency,
    refundRef: id.nullable(),
  }),
  z.object({
    kind: z.literal('checkout.payment_failed'),
    member,
    paymentId: id,
    checkoutId: uuid.nullable(),
    purpose,
    amountCents: cents,
    currency,
    reason,
  }),
  z.object({
    kind: z.literal('subscription.changed'),
    member,
    subscriptionId: id,
    change: z.enum(['created', 'updated', 'deleted']),
    status: z.enum(SubscriptionStatus),
    monthlyAmountCents: cents.nullable(),
    currentPeriodStart: seconds,
    currentPeriodEnd: seconds,
    cancelAtPeriodEnd: z.boolean(),
  }),
  z.object({
    kind: z.literal('invoice.paid'),
    member,
    invoiceId: id,
    subscriptionId: id.nullable(),
    amountCents: cents,
    currency,
    periodStart: seconds,
    refundRef: id.nullable(),
  }),
  z.object({
    kind: z.literal('invoice.failed'),
    member,
    invoiceId: id,
    subscriptionId: id.nullable(),
    amountCents: cents,
    currency,
    periodStart: seconds,
    reason,
  }),
]);

/** What the sandbox posts to billing's webhook endpoint: its own event, billing's fact inside. */
const sandboxEventSchema = z.object({
  object: z.literal('sandbox.event'),
  id,
  type: z.string().min(1).max(100),
  created: z.number().int(),
  fact,
});

/** The sandbox's name for a fact's event (recorded with it). */
export const sandboxEventType = (fact: ProviderFact): string =>
  fact.kind === 'subscription.changed' ? `subscription.${fact.change}` : fact.kind;

/** A new sandbox event stating a fact now. */
export function sandboxEvent(fact: ProviderFact): ProviderEvent {
  return {
    id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
    type: sandboxEventType(fact),
    created: providerNow(),
    fact,
  };
}

/** The body and signature header the sandbox delivers an event with (signed as Stripe signs). */
export function signSandboxEvent(
  secret: string,
  event: ProviderEvent,
  timestamp?: number,
): { payload: string; signature: string } {
  const payload = JSON.stringify({ object: 'sandbox.event', ...event });
  return { payload, signature: signWebhookPayload(secret, payload, timestamp) };
}

/** A delivered sandbox event, once its signature and its shape are checked. */
export function verifySandboxEvent(
  secret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): ProviderEvent {
  const parsed = sandboxEventSchema.safeParse(
    verifySignedPayload(secret, rawBody, signatureHeader),
  );
  if (!parsed.success) throw new InvalidWebhookError('not a sandbox event');
  const { id: eventId, type, created, fact: stated } = parsed.data;
  return { id: eventId, type, created, fact: stated };
}

/** Posts a sandbox event, signed, to billing's webhook endpoint (`url`), as the sandbox does. */
export function postSandboxEvent(
  url: string,
  secret: string,
  event: ProviderEvent,
  timestamp?: number,
): Promise<Response> {
  const { payload, signature } = signSandboxEvent(secret, event, timestamp);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
    signal: AbortSignal.timeout(10_000),
  });
}
