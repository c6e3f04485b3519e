import { CheckoutKind, SubscriptionStatus } from '@jibs/domain';
import {
  stripeEvent,
  stripeFact,
  subscriptionStatusOf,
  type StripeEventJson,
} from './stripe-facts';

const USER = '6f1c1f3e-2d1b-4c8e-9a55-2f7a3c1d9b10';
const CHECKOUT = '0b6f7a52-91d4-4a3e-8d0c-1e2f3a4b5c6d';

/** A Stripe event as its webhook delivers it. */
const event = (type: string, object: Record<string, unknown>): StripeEventJson => ({
  id: 'evt_1NqT',
  type,
  created: 1_700_000_000,
  data: { object },
});

describe("Stripe's events as billing's provider facts", () => {
  describe('checkout.session.completed', () => {
    const session = {
      id: 'cs_test_a1',
      object: 'checkout.session',
      mode: 'payment',
      customer: 'cus_P1',
      amount_total: 20000,
      currency: 'usd',
      payment_intent: 'pi_3P1',
      payment_status: 'paid',
      metadata: { userId: USER, kind: 'registration', checkoutId: CHECKOUT },
    };

    it('states a one-time payment: amount, payment intent (also what a refund names), the checkout', () => {
      expect(stripeFact(event('checkout.session.completed', session))).toEqual({
        kind: 'checkout.completed',
        member: { userId: USER, customerId: 'cus_P1' },
        sessionId: 'cs_test_a1',
        checkoutId: CHECKOUT,
        purpose: CheckoutKind.REGISTRATION,
        mode: 'payment',
        subscriptionId: null,
        paymentId: 'pi_3P1',
        amountCents: 20000,
        currency: 'usd',
        refundRef: 'pi_3P1',
      });
    });

    it('names the payment by the session when there is no payment intent, and reads no foreign metadata', () => {
      expect(
        stripeFact(
          event('checkout.session.completed', {
            ...session,
            payment_intent: null,
            amount_total: undefined,
            currency: undefined,
            metadata: { userId: 'not-a-uuid', kind: 'donation', checkoutId: '42' },
          }),
        ),
      ).toMatchObject({
        member: { userId: null, customerId: 'cus_P1' },
        checkoutId: null,
        purpose: null,
        paymentId: 'cs_test_a1',
        amountCents: 0,
        currency: 'usd',
        refundRef: null,
      });
    });

    it('states a subscription started through a checkout', () => {
      expect(
        stripeFact(
          event('checkout.session.completed', {
            ...session,
            mode: 'subscription',
            payment_intent: null,
            subscription: 'sub_1P',
            metadata: { userId: USER, kind: 'subscription', checkoutId: CHECKOUT },
          }),
        ),
      ).toMatchObject({
        mode: 'subscription',
        subscriptionId: 'sub_1P',
        purpose: CheckoutKind.SUBSCRIPTION,
      });
    });
  });

  it('states a declined checkout card, with its reason', () => {
    expect(
      stripeFact(
        event('payment_intent.payment_failed', {
          id: 'pi_3Pfail',
          object: 'payment_intent',
          amount: 2500,
          currency: 'usd',
          customer: 'cus_P1',
          metadata: { userId: USER, kind: 'household_member', checkoutId: CHECKOUT },
          last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
        }),
      ),
    ).toEqual({
      kind: 'checkout.payment_failed',
      member: { userId: USER, customerId: 'cus_P1' },
      paymentId: 'pi_3Pfail',
      checkoutId: CHECKOUT,
      purpose: CheckoutKind.HOUSEHOLD_MEMBER,
      amountCents: 2500,
      currency: 'usd',
      reason: 'Your card was declined.',
    });
  });

  describe('customer.subscription.*', () => {
    const subscription = {
      id: 'sub_1P',
      object: 'subscription',
      customer: 'cus_P1',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { userId: USER },
      items: {
        data: [
          {
            price: { unit_amount: 2500, currency: 'usd' },
            current_period_start: 1_700_000_000,
            current_period_end: 1_702_592_000,
          },
        ],
      },
    };

    it('states the subscription with its price and period (on the item, as newer API versions put it)', () => {
      expect(stripeFact(event('customer.subscription.updated', subscription))).toEqual({
        kind: 'subscription.changed',
        member: { userId: USER, customerId: 'cus_P1' },
        subscriptionId: 'sub_1P',
        change: 'updated',
        status: SubscriptionStatus.ACTIVE,
        monthlyAmountCents: 2500,
        currentPeriodStart: 1_700_000_000,
        currentPeriodEnd: 1_702_592_000,
        cancelAtPeriodEnd: false,
      });
    });

    it('reads the period on the subscription (older API versions) and no price as unknown', () => {
      expect(
        stripeFact(
          event('customer.subscription.created', {
            ...subscription,
            status: 'incomplete',
            items: { data: [{}] },
            current_period_start: 1,
            current_period_end: 2,
            cancel_at_period_end: true,
          }),
        ),
      ).toMatchObject({
        change: 'created',
        status: SubscriptionStatus.INCOMPLETE,
        monthlyAmountCents: null,
        currentPeriodStart: 1,
        currentPeriodEnd: 2,
        cancelAtPeriodEnd: true,
      });
    });

    it('states a deleted subscription as ended, whatever status it still shows', () => {
      expect(stripeFact(event('customer.subscription.deleted', subscription))).toMatchObject({
        change: 'deleted',
        status: SubscriptionStatus.CANCELED,
      });
    });

    it.each([
      ['active', SubscriptionStatus.ACTIVE],
      ['trialing', SubscriptionStatus.ACTIVE],
      ['past_due', SubscriptionStatus.PAST_DUE],
      ['paused', SubscriptionStatus.PAST_DUE],
      ['canceled', SubscriptionStatus.CANCELED],
      ['incomplete_expired', SubscriptionStatus.CANCELED],
      ['unpaid', SubscriptionStatus.UNPAID],
      ['incomplete', SubscriptionStatus.INCOMPLETE],
      ['something_new', SubscriptionStatus.INCOMPLETE],
    ])("maps Stripe's status %s to %s", (stripe, billing) => {
      expect(subscriptionStatusOf(stripe)).toBe(billing);
    });
  });

  describe('invoice.*', () => {
    /** As newer API versions send it: subscription and metadata under parent, payment under payments. */
    const invoice = {
      id: 'in_1P',
      object: 'invoice',
      customer: 'cus_P1',
      billing_reason: 'subscription_cycle',
      amount_due: 2500,
      amount_paid: 2500,
      currency: 'usd',
      period_start: 1_699_000_000,
      lines: { data: [{ period: { start: 1_700_000_000, end: 1_702_592_000 } }] },
      parent: {
        subscription_details: { subscription: 'sub_1P', metadata: { userId: USER } },
      },
      payments: { data: [{ payment: { payment_intent: 'pi_3Pinv' } }] },
    };

    it('states a paid dues invoice: subscription, the line period it pays for, its payment', () => {
      expect(stripeFact(event('invoice.paid', invoice))).toEqual({
        kind: 'invoice.paid',
        member: { userId: USER, customerId: 'cus_P1' },
        invoiceId: 'in_1P',
        subscriptionId: 'sub_1P',
        amountCents: 2500,
        currency: 'usd',
        periodStart: 1_700_000_000,
        refundRef: 'pi_3Pinv',
      });
    });

    it('reads older API versions: subscription, payment intent and period on the invoice itself', () => {
      expect(
        stripeFact(
          event('invoice.paid', {
            id: 'in_2P',
            customer: 'cus_P1',
            subscription: 'sub_old',
            payment_intent: 'pi_old',
            amount_paid: 2500,
            period_start: 1_699_000_000,
            subscription_details: { metadata: { userId: USER } },
          }),
        ),
      ).toMatchObject({
        member: { userId: USER, customerId: 'cus_P1' },
        subscriptionId: 'sub_old',
        periodStart: 1_699_000_000,
        refundRef: 'pi_old',
      });
    });

    it('states a failed dues invoice with what was due, and no subscription when it has none', () => {
      expect(
        stripeFact(
          event('invoice.payment_failed', {
            ...invoice,
            amount_paid: 0,
            last_payment_error: { message: 'Your card has insufficient funds.' },
          }),
        ),
      ).toEqual({
        kind: 'invoice.failed',
        member: { userId: USER, customerId: 'cus_P1' },
        invoiceId: 'in_1P',
        subscriptionId: 'sub_1P',
        amountCents: 2500,
        currency: 'usd',
        periodStart: 1_700_000_000,
        reason: 'Your card has insufficient funds.',
      });
      expect(
        stripeFact(event('invoice.payment_failed', { id: 'in_3P', customer: 'cus_P1' })),
      ).toMatchObject({ subscriptionId: null, periodStart: null, reason: null, amountCents: 0 });
    });
  });

  it('states nothing for events billing does not act on, or objects without an id', () => {
    expect(stripeFact(event('charge.refunded', { id: 'ch_1' }))).toBeNull();
    expect(stripeFact(event('invoice.paid', { amount_paid: 2500 }))).toBeNull();
    expect(stripeFact({ ...event('invoice.paid', {}), data: { object: null } })).toBeNull();
  });

  it('keeps the event id, type and time', () => {
    expect(stripeEvent(event('charge.refunded', { id: 'ch_1' }))).toEqual({
      id: 'evt_1NqT',
      type: 'charge.refunded',
      created: 1_700_000_000,
      fact: null,
    });
  });
});
