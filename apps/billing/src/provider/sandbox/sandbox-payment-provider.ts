import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BILLING_CURRENCY, CheckoutKind, isUuid, SubscriptionStatus } from '@jibs/domain';
import type {
  CheckoutLineItem,
  CreateCheckoutRequest,
  CreatedCheckout,
  PaymentProvider,
  ProviderSubscriptionState,
} from '../payment-provider';
import {
  providerNow,
  type FactMember,
  type InvoiceFailedFact,
  type InvoicePaidFact,
  type ProviderEvent,
  type ProviderFact,
  type SubscriptionChangedFact,
} from '../provider-facts';
import { SandboxObjectEntity } from './sandbox-object.entity';
import { postSandboxEvent, sandboxEvent, verifySandboxEvent } from './sandbox-events';

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
  status: SubscriptionStatus;
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

const memberOf = (metadata: Record<string, string>, customer: string): FactMember => {
  const userId = metadata['userId'];
  return { userId: userId && isUuid(userId) ? userId : null, customerId: customer };
};

const purposeOf = (kind: string | undefined): CheckoutKind | null =>
  (Object.values(CheckoutKind) as (string | undefined)[]).includes(kind)
    ? (kind as CheckoutKind)
    : null;

/** The subscription as it now is, as a fact. */
const subscriptionFact = (
  change: SubscriptionChangedFact['change'],
  subscription: SandboxSubscription,
): SubscriptionChangedFact => ({
  kind: 'subscription.changed',
  member: memberOf(subscription.metadata, subscription.customer),
  subscriptionId: subscription.id,
  change,
  status: subscription.status,
  monthlyAmountCents: subscription.amount,
  currentPeriodStart: subscription.currentPeriodStart,
  currentPeriodEnd: subscription.currentPeriodEnd,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
});

/**
 * The embedded stand-in for a hosted provider: a local checkout page with test cards. What
 * happens there is stated as billing's provider facts, delivered signed to the same webhook
 * endpoint over HTTP, as a hosted provider would deliver its own events.
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
    if (subscription.status === SubscriptionStatus.CANCELED) return;
    subscription.status = SubscriptionStatus.CANCELED;
    await this.save('subscription', subscription.id, subscription);
    await this.deliver([subscriptionFact('deleted', subscription)]);
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
    await this.deliver([subscriptionFact('updated', subscription)]);
    return {
      status: subscription.status,
      cancelAtPeriodEnd: true,
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
    };
  }

  /** Only the sandbox's own signed events: it is the only provider in this mode. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    return verifySandboxEvent(this.options.webhookSecret, rawBody, signatureHeader);
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
    const member = memberOf(session.metadata, session.customer);
    const checkoutId = isUuid(session.metadata['checkoutId'] ?? '')
      ? session.metadata['checkoutId']!
      : null;
    const purpose = purposeOf(session.metadata['kind']);
    if (number === SANDBOX_CARDS.declined) {
      await this.deliver([
        {
          kind: 'checkout.payment_failed',
          member,
          paymentId: id('pi'),
          checkoutId,
          purpose,
          amountCents: session.amountTotal,
          currency: session.currency,
          reason: DECLINED_MESSAGE,
        },
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
    const paymentIntent = session.mode === 'payment' ? id('pi') : null;
    if (paymentIntent)
      await this.save('charge', paymentIntent, {
        id: paymentIntent,
        amount: session.amountTotal,
        userId: session.metadata['userId'],
      });
    const facts: ProviderFact[] = [];
    let subscriptionId: string | null = null;
    if (session.mode === 'subscription') {
      const start = providerNow();
      const subscription: SandboxSubscription = {
        id: id('sub'),
        customer: session.customer,
        amount: session.amountTotal,
        metadata: session.metadata,
        status: SubscriptionStatus.INCOMPLETE,
        cancelAtPeriodEnd: false,
        currentPeriodStart: start,
        currentPeriodEnd: start + MONTH_SECONDS,
      };
      subscriptionId = subscription.id;
      facts.push(subscriptionFact('created', subscription));
      facts.push(await this.invoiceFact('paid', subscription));
      subscription.status = SubscriptionStatus.ACTIVE;
      facts.push(subscriptionFact('updated', subscription));
      await this.save('subscription', subscription.id, subscription);
    }
    facts.push({
      kind: 'checkout.completed',
      member,
      sessionId: session.id,
      checkoutId,
      purpose,
      mode: session.mode,
      subscriptionId,
      paymentId: paymentIntent ?? session.id,
      amountCents: session.amountTotal,
      currency: session.currency,
      refundRef: paymentIntent,
    });
    try {
      await this.deliver(facts);
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
    // The invoice is for the next period, paid or not (as a hosted provider's renewal is).
    const next = {
      ...subscription,
      currentPeriodStart: subscription.currentPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd + MONTH_SECONDS,
    };
    if (outcome === 'paid') {
      Object.assign(subscription, next, { status: SubscriptionStatus.ACTIVE });
    } else {
      subscription.status = SubscriptionStatus.PAST_DUE;
    }
    const invoice = await this.invoiceFact(outcome, next);
    await this.save('subscription', subscription.id, subscription);
    await this.deliver([invoice, subscriptionFact('updated', subscription)]);
    return invoice.invoiceId;
  }

  private async save(kind: string, objectId: string, data: object): Promise<void> {
    await this.dataSource
      .getRepository(SandboxObjectEntity)
      .upsert({ id: objectId, kind, data: { ...data } }, ['id']);
  }

  /** An invoice of the subscription's current period; a paid one is a charge to refund. */
  private async invoiceFact(
    outcome: 'paid' | 'failed',
    subscription: SandboxSubscription,
  ): Promise<InvoicePaidFact | InvoiceFailedFact> {
    const invoice = {
      member: memberOf(subscription.metadata, subscription.customer),
      invoiceId: id('in'),
      subscriptionId: subscription.id,
      amountCents: subscription.amount,
      currency: BILLING_CURRENCY,
      periodStart: subscription.currentPeriodStart,
    };
    if (outcome === 'failed') return { kind: 'invoice.failed', ...invoice, reason: null };
    const paymentIntent = id('pi');
    await this.save('charge', paymentIntent, {
      id: paymentIntent,
      amount: subscription.amount,
      userId: subscription.metadata['userId'],
    });
    return { kind: 'invoice.paid', ...invoice, refundRef: paymentIntent };
  }

  /**
   * Posts each fact as a signed sandbox event to the webhook endpoint, in order (as a hosted
   * provider delivers one object's events), and waits until each is applied.
   */
  private async deliver(facts: ProviderFact[]): Promise<void> {
    for (const fact of facts) {
      const res = await postSandboxEvent(
        this.options.webhookUrl(),
        this.options.webhookSecret,
        sandboxEvent(fact),
      );
      if (!res.ok) throw new Error(`webhook endpoint answered ${res.status} to ${fact.kind}`);
    }
  }
}
