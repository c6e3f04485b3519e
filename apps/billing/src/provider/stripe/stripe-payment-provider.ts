import Stripe from 'stripe';
import { BILLING_CURRENCY, CheckoutKind, PaymentMessages } from '@jibs/domain';
import {
  InvalidWebhookError,
  type CreateCheckoutRequest,
  type CreatedCheckout,
  type PaymentProvider,
  type ProviderSubscriptionState,
} from '../payment-provider';
import type { ProviderEvent } from '../provider-facts';
import { verifySignedPayload } from '../webhook-signature';
import { stripeEvent, type StripeEventJson } from './stripe-facts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local stand-in for api.stripe.com (tests). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function isStripeEvent(value: unknown): value is StripeEventJson {
  const event = value as Partial<StripeEventJson> | null;
  return (
    typeof event?.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.created === 'number' &&
    typeof event.data === 'object' &&
    event.data !== null
  );
}

/** Stripe Checkout (payment and subscription mode), Customers, Customer Portal and webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createCheckoutSession(request: CreateCheckoutRequest): Promise<CreatedCheckout> {
    const customerId = request.customer.existingId ?? (await this.createCustomer(request));
    const subscription = request.kind === CheckoutKind.SUBSCRIPTION;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: subscription ? 'subscription' : 'payment',
        customer: customerId,
        client_reference_id: request.userId,
        line_items: request.lineItems.map((item) => ({
          quantity: 1,
          price_data: {
            currency: BILLING_CURRENCY,
            unit_amount: item.amount,
            product_data: { name: item.label },
            ...(subscription ? { recurring: { interval: 'month' as const } } : {}),
          },
        })),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        ...(subscription
          ? { subscription_data: { metadata: request.metadata } }
          : { payment_intent_data: { metadata: request.metadata } }),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error(PaymentMessages.noCheckoutUrl);
    return { sessionId: session.id, url: session.url, customerId };
  }

  async createPortalSession(request: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: request.customerId,
      return_url: request.returnUrl,
    });
    return session.url;
  }

  async cancelSubscriptionAtPeriodEnd(
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscriptionState> {
    const subscription = await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: true },
      { idempotencyKey },
    );
    const item = subscription.items?.data?.[0];
    return {
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodStart: item?.current_period_start ?? null,
      currentPeriodEnd: item?.current_period_end ?? null,
    };
  }

  async expireCheckoutSession(sessionId: string): Promise<boolean> {
    try {
      const session = await this.stripe.checkout.sessions.expire(sessionId);
      return session.status === 'expired';
    } catch (error) {
      // Stripe refuses to expire a session that is complete (or already expired).
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
      throw error;
    }
  }

  async cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
    } catch (error) {
      // Already canceled: nothing more to stop.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /cancel/i.test(error.message))
        return;
      throw error;
    }
  }

  async refund(paymentRef: string, idempotencyKey: string): Promise<string> {
    const refund = await this.stripe.refunds.create(
      paymentRef.startsWith('ch_') ? { charge: paymentRef } : { payment_intent: paymentRef },
      { idempotencyKey },
    );
    return refund.id;
  }

  /** Verified with Stripe's own code over the raw bytes, then read as billing's fact. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    const event = verifySignedPayload(this.options.webhookSecret, rawBody, signatureHeader);
    if (!isStripeEvent(event)) throw new InvalidWebhookError('not a Stripe event');
    return stripeEvent(event);
  }

  private async createCustomer(request: CreateCheckoutRequest): Promise<string> {
    const customer = await this.stripe.customers.create(
      {
        ...(request.customer.email ? { email: request.customer.email } : {}),
        ...(request.customer.name ? { name: request.customer.name } : {}),
        metadata: { userId: request.userId },
      },
      { idempotencyKey: `customer-${request.userId}` },
    );
    return customer.id;
  }
}
