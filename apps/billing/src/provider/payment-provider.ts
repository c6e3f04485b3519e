import type { CheckoutKind } from '@jibs/domain';

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export interface ProviderCustomer {
  userId: string;
  email: string | null;
  name: string | null;
  /** The provider customer stored for this member, if one was made before. */
  existingId: string | null;
}

export interface CheckoutLineItem {
  label: string;
  /** Cents, from billing's own quote. */
  amount: number;
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

/** A verified provider event, Stripe-shaped (both adapters deliver this shape). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  // Provider objects are read field by field by the webhook service.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: { object: Record<string, any> };
}

/** Checkout, portal, cancellation and webhook verification, whoever takes the money. */
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
  /** Throws InvalidWebhookError unless the body carries a valid, fresh signature. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}
