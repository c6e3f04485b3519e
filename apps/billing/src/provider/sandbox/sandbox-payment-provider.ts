import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BILLING_CURRENCY, CheckoutKind } from '@jibs/domain';
import type {
  CheckoutLineItem,
  CreateCheckoutRequest,
  CreatedCheckout,
  PaymentProvider,
  ProviderEvent,
  ProviderSubscriptionState,
} from '../payment-provider';
import { SandboxObjectEntity } from './sandbox-object.entity';
import { signWebhookPayload, verifyWebhookSignature } from '../webhook-signature';

/** Test cards of the local checkout page (Stripe's own test numbers). */
export const SANDBOX_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const DECLINED_MESSAGE = 'Your card was declined.';

export interface SandboxSession {
  id: string;
  mode: 'payment' | 'subscription';
  customer: string;
  lineItems: CheckoutLineItem[];
  amountTotal: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  declined?: boolean;
  /**
   * Binds the checkout page to whoever was given its URL: required on every GET and POST.
   * Never logged (it travels in the query string or the form body, never in a path).
   */
  secret: string;
}

/** A payment the sandbox took (a checkout or an invoice), and what was refunded of it. */
export interface SandboxCharge {
  id: string;
  amount: number;
  /** The member it was for (from the checkout's metadata). */
  userId?: string;
  refundId?: string;
}

export interface SandboxSubscription {
  id: string;
  customer: string;
  amount: number;
  metadata: Record<string, string>;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number;
  currentPeriodEnd: number;
}

export interface SandboxOptions {
  webhookSecret: string;
  /** Where the browser opens the sandbox pages (the gateway's origin). */
  publicUrl: string;
  /** Where the sandbox posts its events: billing's own webhook endpoint. */
  webhookUrl: () => string;
  /** The app's own origin: the only place the portal page returns to. */
  appOrigin: string;
}

const MONTH_SECONDS = 30 * 24 * 3600;
const id = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * The embedded stand-in for Stripe: a local checkout page with test cards that sends the same
 * Stripe-shaped, signed events to the same webhook endpoint, over HTTP, as Stripe would.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: SandboxOptions,
  ) {}

  async createCheckoutSession(request: CreateCheckoutRequest): Promise<CreatedCheckout> {
    const repo = this.dataSource.getRepository(SandboxObjectEntity);
    const remembered = await repo.findOneBy({ id: `idem_${request.idempotencyKey}` });
    if (remembered) {
      const session = await this.session(String(remembered.data['sessionId']));
      return {
        sessionId: session!.id,
        url: this.pageUrl(session!),
        customerId: session!.customer,
      };
    }
    const session: SandboxSession = {
      id: id('cs'),
      mode: request.kind === CheckoutKind.SUBSCRIPTION ? 'subscription' : 'payment',
      customer: request.customer.existingId ?? id('cus'),
      lineItems: request.lineItems,
      amountTotal: request.lineItems.reduce((sum, item) => sum + item.amount, 0),
      currency: BILLING_CURRENCY,
      metadata: request.metadata,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      status: 'open',
      secret: randomBytes(24).toString('base64url'),
    };
    await repo.insert([
      { id: session.id, kind: 'session', data: { ...session } },
      {
        id: `idem_${request.idempotencyKey}`,
        kind: 'idempotency',
        data: { sessionId: session.id },
      },
    ]);
    return { sessionId: session.id, url: this.pageUrl(session), customerId: session.customer };
  }

  async createPortalSession(request: { customerId: string; returnUrl: string }): Promise<string> {
    const url = new URL(`${this.options.publicUrl}/sandbox/portal`);
    url.searchParams.set('return_url', this.safeReturnUrl(request.returnUrl));
    return url.toString();
  }

  /** Only a URL on the app's own origin; anything else returns to the profile. */
  safeReturnUrl(candidate: string): string {
    try {
      const url = new URL(candidate);
      if (url.origin === new URL(this.options.appOrigin).origin) return url.toString();
    } catch {
      // not a URL
    }
    return `${this.options.appOrigin}/profile`;
  }

  async expireCheckoutSession(sessionId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [expired] = (await this.dataSource.query(
      `UPDATE sandbox_objects SET data = jsonb_set(data, '{status}', '"expired"')
       WHERE id = $1 AND kind = 'session' AND data->>'status' = 'open' RETURNING id`,
      [sessionId],
    )) as [unknown[], number];
    return expired.length > 0;
  }

  async cancelSubscriptionNow(subscriptionId: string): Promise<void> {
    const subscription = await this.subscription(subscriptionId);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionId}`);
    if (subscription.status === 'canceled') return;
    subscription.status = 'canceled';
    await this.save('subscription', subscription.id, subscription);
    await this.deliver([this.subscriptionEvent('customer.subscription.deleted', subscription)]);
  }

  async refund(paymentRef: string): Promise<string> {
    const charge = await this.charge(paymentRef);
    if (!charge) throw new Error(`no sandbox payment ${paymentRef}`);
    if (charge.refundId) return charge.refundId;
    charge.refundId = id('re');
    await this.save('charge', charge.id, charge);
    return charge.refundId;
  }

  async charge(paymentRef: string): Promise<SandboxCharge | null> {
    const row = await this.dataSource
      .getRepository(SandboxObjectEntity)
      .findOneBy({ id: paymentRef, kind: 'charge' });
    return row ? (row.data as unknown as SandboxCharge) : null;
  }

  /** True when the secret given is the session's own (compared in constant time). */
  static secretMatches(session: SandboxSession, given: unknown): boolean {
    if (typeof given !== 'string' || !session.secret) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(session.secret);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscriptionState> {
    const subscription = await this.subscription(subscriptionId);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionId}`);
    subscription.cancelAtPeriodEnd = true;
    await this.save('subscription', subscription.id, subscription);
    await this.deliver([this.subscriptionEvent('customer.subscription.updated', subscription)]);
    return {
      status: subscription.status,
      cancelAtPeriodEnd: true,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
    };
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    return verifyWebhookSignature(this.options.webhookSecret, rawBody, signatureHeader);
  }

  pageUrl(session: SandboxSession): string {
    return `${this.options.publicUrl}/sandbox/checkout/${encodeURIComponent(session.id)}?k=${encodeURIComponent(session.secret)}`;
  }

  async session(sessionId: string): Promise<SandboxSession | null> {
    const row = await this.dataSource
      .getRepository(SandboxObjectEntity)
      .findOneBy({ id: sessionId, kind: 'session' });
    return row ? (row.data as unknown as SandboxSession) : null;
  }

  async subscription(subscriptionId: string): Promise<SandboxSubscription | null> {
    const row = await this.dataSource
      .getRepository(SandboxObjectEntity)
      .findOneBy({ id: subscriptionId, kind: 'subscription' });
    return row ? (row.data as unknown as SandboxSubscription) : null;
  }

  /** The card form was submitted: pay, or decline, as the test card says. */
  async pay(
    session: SandboxSession,
    card: string,
  ): Promise<'paid' | 'declined' | 'unknown-card' | 'expired'> {
    if (session.status === 'expired') return 'expired';
    const number = card.replace(/\D/g, '');
    if (number === SANDBOX_CARDS.declined) {
      const paymentIntent = id('pi');
      await this.deliver([
        this.event('payment_intent.payment_failed', {
          id: paymentIntent,
          object: 'payment_intent',
          amount: session.amountTotal,
          currency: session.currency,
          customer: session.customer,
          metadata: session.metadata,
          last_payment_error: { code: 'card_declined', message: DECLINED_MESSAGE },
        }),
      ]);
      return 'declined';
    }
    if (number !== SANDBOX_CARDS.paid) return 'unknown-card';
    // Claimed atomically: a double-submitted form pays once.
    // TypeORM answers an UPDATE with [rows, affected].
    const [claimed] = (await this.dataSource.query(
      `UPDATE sandbox_objects SET data = jsonb_set(data, '{status}', '"complete"')
       WHERE id = $1 AND kind = 'session' AND data->>'status' = 'open' RETURNING id`,
      [session.id],
    )) as [unknown[], number];
    if (!claimed.length)
      return (await this.session(session.id))?.status === 'expired' ? 'expired' : 'paid';
    const sessionObject = {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode,
      customer: session.customer,
      amount_total: session.amountTotal,
      currency: session.currency,
      metadata: session.metadata,
      payment_status: 'paid',
      status: 'complete',
      payment_intent: session.mode === 'payment' ? id('pi') : null,
      subscription: null as string | null,
    };
    if (sessionObject.payment_intent)
      await this.save('charge', sessionObject.payment_intent, {
        id: sessionObject.payment_intent,
        amount: session.amountTotal,
        userId: session.metadata['userId'],
      });
    const events: ProviderEvent[] = [];
    if (session.mode === 'subscription') {
      const start = now();
      const subscription: SandboxSubscription = {
        id: id('sub'),
        customer: session.customer,
        amount: session.amountTotal,
        metadata: session.metadata,
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        currentPeriodStart: start,
        currentPeriodEnd: start + MONTH_SECONDS,
      };
      sessionObject.subscription = subscription.id;
      events.push(this.subscriptionEvent('customer.subscription.created', subscription));
      events.push(await this.invoiceEvent('invoice.paid', subscription, 'subscription_create'));
      subscription.status = 'active';
      events.push(this.subscriptionEvent('customer.subscription.updated', subscription));
      await this.save('subscription', subscription.id, subscription);
    }
    events.push(this.event('checkout.session.completed', sessionObject));
    try {
      await this.deliver(events);
    } catch (error) {
      // Not applied: the member may try again (events already applied are ignored as repeats).
      await this.save('session', session.id, session);
      throw error;
    }
    return 'paid';
  }

  /** The next monthly renewal of a subscription, paid or failed; returns the invoice id. */
  async runRenewal(subscriptionId: string, outcome: 'paid' | 'failed'): Promise<string> {
    const subscription = await this.subscription(subscriptionId);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionId}`);
    const events: ProviderEvent[] = [];
    // The invoice is for the next period, paid or not (as Stripe's renewal invoice lines are).
    const next = {
      ...subscription,
      currentPeriodStart: subscription.currentPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd + MONTH_SECONDS,
    };
    if (outcome === 'paid') {
      Object.assign(subscription, next, { status: 'active' });
    } else {
      subscription.status = 'past_due';
    }
    const invoice = await this.invoiceEvent(
      outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      next,
      'subscription_cycle',
    );
    events.push(invoice, this.subscriptionEvent('customer.subscription.updated', subscription));
    await this.save('subscription', subscription.id, subscription);
    await this.deliver(events);
    return String(invoice.data.object['id']);
  }

  private async save(kind: string, objectId: string, data: object): Promise<void> {
    await this.dataSource
      .getRepository(SandboxObjectEntity)
      .upsert({ id: objectId, kind, data: { ...data } }, ['id']);
  }

  private event(type: string, object: Record<string, unknown>): ProviderEvent {
    return { id: id('evt'), type, created: now(), data: { object } };
  }

  private subscriptionEvent(type: string, subscription: SandboxSubscription): ProviderEvent {
    return this.event(type, {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      metadata: subscription.metadata,
      items: {
        data: [
          {
            price: { unit_amount: subscription.amount, currency: BILLING_CURRENCY },
            current_period_start: subscription.currentPeriodStart,
            current_period_end: subscription.currentPeriodEnd,
          },
        ],
      },
    });
  }

  private async invoiceEvent(
    type: string,
    subscription: SandboxSubscription,
    billingReason: string,
  ): Promise<ProviderEvent> {
    const paid = type === 'invoice.paid';
    const paymentIntent = id('pi');
    if (paid)
      await this.save('charge', paymentIntent, {
        id: paymentIntent,
        amount: subscription.amount,
        userId: subscription.metadata['userId'],
      });
    return this.event(type, {
      id: id('in'),
      payment_intent: paymentIntent,
      object: 'invoice',
      customer: subscription.customer,
      subscription: subscription.id,
      billing_reason: billingReason,
      amount_due: subscription.amount,
      amount_paid: paid ? subscription.amount : 0,
      currency: BILLING_CURRENCY,
      status: paid ? 'paid' : 'open',
      period_start: subscription.currentPeriodStart,
      period_end: subscription.currentPeriodEnd,
      lines: {
        data: [
          {
            period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
          },
        ],
      },
      parent: {
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      last_finalization_error: null,
    });
  }

  /** Posts each event, signed, to the webhook endpoint; in order, as Stripe would for one object. */
  private async deliver(events: ProviderEvent[]): Promise<void> {
    for (const event of events) {
      const payload = JSON.stringify({ object: 'event', livemode: false, ...event });
      const res = await fetch(this.options.webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhookPayload(this.options.webhookSecret, payload),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`webhook endpoint answered ${res.status} to ${event.type}`);
    }
  }
}
