import type { CheckoutKind, SubscriptionStatus } from '@jibs/domain';

/**
 * What a payment provider tells billing, in billing's words: each adapter turns its own events
 * (Stripe's JSON, the sandbox's records) into these facts, and only these reach the webhook
 * appliers. Amounts are cents; times are the provider's, in seconds since the epoch.
 */

/** Who a fact is about: billing's user id when the provider carried it back, its customer. */
export interface FactMember {
  userId: string | null;
  customerId: string | null;
}

/** A checkout the member paid (payment mode) or subscribed through (subscription mode). */
export interface CheckoutCompletedFact {
  kind: 'checkout.completed';
  member: FactMember;
  sessionId: string;
  /** Billing's own checkout id, from the metadata billing gave the provider. */
  checkoutId: string | null;
  /** What billing said the checkout was for. */
  purpose: CheckoutKind | null;
  mode: 'payment' | 'subscription';
  /** Subscription mode: the subscription the checkout started. */
  subscriptionId: string | null;
  /** Payment mode: the provider's payment (its payment intent, else the session). */
  paymentId: string;
  amountCents: number;
  currency: string;
  /** What a refund of this payment names (a payment intent or a charge), when there is one. */
  refundRef: string | null;
}

/** A checkout's card was declined (renewals fail as `invoice.failed`). */
export interface CheckoutPaymentFailedFact {
  kind: 'checkout.payment_failed';
  member: FactMember;
  paymentId: string;
  checkoutId: string | null;
  purpose: CheckoutKind | null;
  amountCents: number;
  currency: string;
  /** The provider's reason, as it words it. */
  reason: string | null;
}

/** The provider's current state of a subscription (created, updated or ended). */
export interface SubscriptionChangedFact {
  kind: 'subscription.changed';
  member: FactMember;
  subscriptionId: string;
  /** Orders facts of the same second: created < updated < deleted. */
  change: 'created' | 'updated' | 'deleted';
  status: SubscriptionStatus;
  monthlyAmountCents: number | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/** A subscription's invoice was paid (the first month, or a renewal). */
export interface InvoicePaidFact {
  kind: 'invoice.paid';
  member: FactMember;
  invoiceId: string;
  /** Null for an invoice of no subscription (billing ignores it). */
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  /** The start of the period the invoice pays for. */
  periodStart: number | null;
  refundRef: string | null;
}

/** A subscription's invoice could not be charged. */
export interface InvoiceFailedFact {
  kind: 'invoice.failed';
  member: FactMember;
  invoiceId: string;
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  periodStart: number | null;
  reason: string | null;
}

export type ProviderFact =
  | CheckoutCompletedFact
  | CheckoutPaymentFailedFact
  | SubscriptionChangedFact
  | InvoicePaidFact
  | InvoiceFailedFact;

export type ProviderFactKind = ProviderFact['kind'];

/** A verified provider event: its id (applied once), the provider's own type, and its fact. */
export interface ProviderEvent {
  id: string;
  /** The provider's name for it (recorded, and named in the membership change's reason). */
  type: string;
  /** Seconds since the epoch, the provider's time. */
  created: number;
  /** Null for an event billing does not act on (recorded so a redelivery stays a no-op). */
  fact: ProviderFact | null;
}

/** Now, as providers count time (whole seconds since the epoch). */
export const providerNow = (): number => Math.floor(Date.now() / 1000);
