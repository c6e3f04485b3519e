import type { CheckoutKind, Relationship } from '@jibs/domain';
import type { ProviderEvent } from './provider-facts';

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export interface ProviderCustomer {
  userId: string;
  email: string | null;
  name: string | null;
  /** The provider customer stored for this member, if one was made before. */
  existingId: string | null;
}

export interface CheckoutLineItem {
  /** In English (what Stripe shows). */
  label: string;
  /** Cents, from billing's own quote. */
  amount: number;
  /** What the line is, so a provider page can word it in the reader's language. */
  kind?: 'registration' | 'dues' | 'member';
  /** A household member's line: their relationship and name ('' when none). */
  relationship?: Relationship;
  name?: string;
}

export interface CreateCheckoutRequest {
  kind: CheckoutKind;
  userId: string;
  customer: ProviderCustomer;
  lineItems: CheckoutLineItem[];
  successUrl: string;
  cancelUrl: string;
  metadata: { userId: string; kind: CheckoutKind; checkoutId: string } & Record<string, string>;
  idempotencyKey: string;
}

export interface CreatedCheckout {
  sessionId: string;
  url: string;
  customerId: string;
}

export interface ProviderSubscriptionState {
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Seconds since the epoch, as the provider reports them. */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
}

/** Checkout, portal, cancellation and webhook facts, whoever takes the money. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckoutSession(request: CreateCheckoutRequest): Promise<CreatedCheckout>;
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<string>;
  cancelSubscriptionAtPeriodEnd(
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscriptionState>;
  /**
   * Expires an open checkout session so it can no longer be paid. Resolves false when the
   * provider says it could not (already completed or expired): a payment may still arrive.
   */
  expireCheckoutSession(sessionId: string): Promise<boolean>;
  /** Ends a subscription at once (no further charges). Already ended: no error. */
  cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /**
   * Refunds a payment in full: a payment intent (`pi_…`) or a charge (`ch_…`). Returns the
   * provider's refund id. The idempotency key makes a repeat the same refund.
   */
  refund(paymentRef: string, idempotencyKey: string): Promise<string>;
  /**
   * The event a webhook delivered, as billing's provider fact. Throws InvalidWebhookError
   * unless the body carries a valid, fresh signature and an event of this provider's shape.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
  /**
   * Only a provider that simulates time (the sandbox): charges the subscription's next month
   * now, paid or failed, through the webhook path; resolves to the invoice id.
   */
  runRenewal?(subscriptionId: string, outcome: 'paid' | 'failed'): Promise<string>;
}

export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}
