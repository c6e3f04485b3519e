import { BILLING_CURRENCY, CheckoutKind, isUuid, SubscriptionStatus } from '@jibs/domain';
import type { FactMember, ProviderEvent, ProviderFact } from '../provider-facts';

/** A Stripe event as its webhook delivers it (read field by field: Stripe adds fields). */
export interface StripeEventJson {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const first = (list: unknown): Json => {
  const data = record(list)['data'];
  return Array.isArray(data) ? record(data[0]) : {};
};

/** Stripe's subscription statuses, in billing's. */
export function subscriptionStatusOf(status: unknown): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return SubscriptionStatus.ACTIVE;
    case 'past_due':
    case 'paused':
      return SubscriptionStatus.PAST_DUE;
    case 'canceled':
    case 'incomplete_expired':
      return SubscriptionStatus.CANCELED;
    case 'unpaid':
      return SubscriptionStatus.UNPAID;
    default:
      return SubscriptionStatus.INCOMPLETE;
  }
}

const purposeOf = (value: unknown): CheckoutKind | null =>
  (Object.values(CheckoutKind) as unknown[]).includes(value) ? (value as CheckoutKind) : null;

/** Billing's user id from the metadata it gave Stripe (on the object or its subscription). */
function memberOf(object: Json): FactMember {
  const candidates = [
    record(object['metadata'])['userId'],
    record(record(record(object['parent'])['subscription_details'])['metadata'])['userId'],
    record(record(object['subscription_details'])['metadata'])['userId'],
  ];
  const userId = candidates.find(
    (value): value is string => typeof value === 'string' && isUuid(value),
  );
  return { userId: userId ?? null, customerId: text(object['customer']) };
}

const checkoutIdOf = (object: Json): string | null => {
  const id = record(object['metadata'])['checkoutId'];
  return typeof id === 'string' && isUuid(id) ? id : null;
};

/** What a refund names: the payment intent (newer API versions nest it), else the charge. */
function refundRefOf(object: Json): string | null {
  const nested = record(first(object['payments'])['payment'])['payment_intent'];
  return text(object['payment_intent']) ?? text(nested) ?? text(object['charge']);
}

const currencyOf = (object: Json) => text(object['currency']) ?? BILLING_CURRENCY;

/** An invoice's subscription: on the invoice, or (newer API versions) under its parent. */
const invoiceSubscription = (invoice: Json): string | null =>
  text(invoice['subscription']) ??
  text(record(record(invoice['parent'])['subscription_details'])['subscription']) ??
  text(record(invoice['subscription_details'])['subscription']);

/** The period a dues invoice pays for: its line's period, the invoice's own otherwise. */
const invoicePeriod = (invoice: Json): number | null =>
  whole(record(first(invoice['lines'])['period'])['start']) ?? whole(invoice['period_start']);

const SUBSCRIPTION_CHANGES = {
  'customer.subscription.created': 'created',
  'customer.subscription.updated': 'updated',
  'customer.subscription.deleted': 'deleted',
} as const;

/** The fact a Stripe event states, or null for one billing does not act on. */
export function stripeFact(event: StripeEventJson): ProviderFact | null {
  const object = record(event.data?.object);
  const id = text(object['id']);
  // Every object billing acts on has an id: without one there is nothing to apply.
  if (!id) return null;
  const member = memberOf(object);
  switch (event.type) {
    case 'checkout.session.completed': {
      const sessionId = id;
      return {
        kind: 'checkout.completed',
        member,
        sessionId,
        checkoutId: checkoutIdOf(object),
        purpose: purposeOf(record(object['metadata'])['kind']),
        mode: object['mode'] === 'subscription' ? 'subscription' : 'payment',
        subscriptionId: text(object['subscription']),
        paymentId: text(object['payment_intent']) ?? sessionId,
        amountCents: whole(object['amount_total']) ?? 0,
        currency: currencyOf(object),
        refundRef: refundRefOf(object),
      };
    }
    case 'payment_intent.payment_failed':
      return {
        kind: 'checkout.payment_failed',
        member,
        paymentId: id,
        checkoutId: checkoutIdOf(object),
        purpose: purposeOf(record(object['metadata'])['kind']),
        amountCents: whole(object['amount']) ?? 0,
        currency: currencyOf(object),
        reason: text(record(object['last_payment_error'])['message']),
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const change = SUBSCRIPTION_CHANGES[event.type];
      const item = first(object['items']);
      return {
        kind: 'subscription.changed',
        member,
        subscriptionId: id,
        change,
        // Deleted is ended, whatever status the object still shows.
        status: subscriptionStatusOf(change === 'deleted' ? 'canceled' : object['status']),
        monthlyAmountCents: whole(record(item['price'])['unit_amount']),
        // Newer API versions keep the period on the item.
        currentPeriodStart:
          whole(item['current_period_start']) ?? whole(object['current_period_start']),
        currentPeriodEnd: whole(item['current_period_end']) ?? whole(object['current_period_end']),
        cancelAtPeriodEnd: object['cancel_at_period_end'] === true,
      };
    }
    case 'invoice.paid':
      return {
        kind: 'invoice.paid',
        member,
        invoiceId: id,
        subscriptionId: invoiceSubscription(object),
        amountCents: whole(object['amount_paid']) ?? 0,
        currency: currencyOf(object),
        periodStart: invoicePeriod(object),
        refundRef: refundRefOf(object),
      };
    case 'invoice.payment_failed':
      return {
        kind: 'invoice.failed',
        member,
        invoiceId: id,
        subscriptionId: invoiceSubscription(object),
        amountCents: whole(object['amount_due']) ?? 0,
        currency: currencyOf(object),
        periodStart: invoicePeriod(object),
        reason: text(record(object['last_payment_error'])['message']),
      };
    default:
      return null;
  }
}

/** A verified Stripe event as billing's provider event. */
export function stripeEvent(event: StripeEventJson): ProviderEvent {
  return { id: event.id, type: event.type, created: event.created, fact: stripeFact(event) };
}
