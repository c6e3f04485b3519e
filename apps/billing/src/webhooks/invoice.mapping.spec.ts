import { FlagReasons, PaymentStatus, PaymentType, SubscriptionStatus } from '@jibs/domain';
import type { InvoiceFailedFact, InvoicePaidFact } from '../provider/provider-facts';
import { failedDuesPayment, invoiceFailedCounts, invoicePaid } from './invoice.mapping';
import type { StoredSubscription } from './subscription.mapping';

const USER = '6f1c1f3e-2d1b-4c8e-9a55-2f7a3c1d9b10';
const paid = (overrides: Partial<InvoicePaidFact> = {}): InvoicePaidFact => ({
  kind: 'invoice.paid',
  member: { userId: USER, customerId: 'cus_1' },
  invoiceId: 'in_1',
  subscriptionId: 'sub_1',
  amountCents: 2500,
  currency: 'usd',
  periodStart: 1_700_000_000,
  refundRef: 'pi_1',
  ...overrides,
});
const failed = (overrides: Partial<InvoiceFailedFact> = {}): InvoiceFailedFact => ({
  kind: 'invoice.failed',
  member: { userId: USER, customerId: 'cus_1' },
  invoiceId: 'in_2',
  subscriptionId: 'sub_1',
  amountCents: 2500,
  currency: 'usd',
  periodStart: 1_702_592_000,
  reason: null,
  ...overrides,
});
const current = (overrides: Partial<StoredSubscription> = {}): StoredSubscription => ({
  providerSubscriptionId: 'sub_1',
  status: SubscriptionStatus.ACTIVE,
  monthlyAmount: 2500,
  stateAt: '0',
  stateRank: 1,
  ...overrides,
});

describe('a paid invoice', () => {
  it("is a month of the member's dues: a completed payment of its subscription and period", () => {
    expect(invoicePaid(USER, paid(), current())).toEqual({
      action: 'count',
      subscriptionId: 'sub_1',
      payment: {
        userId: USER,
        amount: 2500,
        currency: 'usd',
        status: PaymentStatus.COMPLETED,
        type: PaymentType.MEMBERSHIP,
        description: 'Monthly membership dues',
        providerPaymentId: 'in_1',
        checkoutId: null,
        providerSubscriptionId: 'sub_1',
        periodStart: '1700000000',
      },
    });
    // Before the subscription's own facts arrived, or after it ended: still the member's dues.
    expect(invoicePaid(USER, paid({ periodStart: null }), null)).toMatchObject({
      action: 'count',
      payment: { periodStart: null },
    });
    expect(
      invoicePaid(
        USER,
        paid(),
        current({ providerSubscriptionId: 'sub_0', status: SubscriptionStatus.CANCELED }),
      ),
    ).toMatchObject({ action: 'count' });
  });

  it('of a second live subscription is flagged to refund, and that subscription ended', () => {
    expect(invoicePaid(USER, paid({ subscriptionId: 'sub_2' }), current())).toEqual({
      action: 'flag-second',
      subscriptionId: 'sub_2',
      payment: {
        userId: USER,
        amount: 2500,
        currency: 'usd',
        type: PaymentType.MEMBERSHIP,
        description: 'Monthly membership dues (second subscription: refunded)',
        providerPaymentId: 'in_1',
        checkoutId: null,
        reason: FlagReasons.secondSubscription,
        refundRef: 'pi_1',
        providerSubscriptionId: 'sub_2',
      },
    });
  });

  it('of no subscription is not dues', () => {
    expect(invoicePaid(USER, paid({ subscriptionId: null }), current())).toEqual({
      action: 'ignore',
    });
  });
});

describe('a failed invoice', () => {
  it("is a missed month of the member's subscription not yet paid", () => {
    expect(invoiceFailedCounts(failed(), current(), false)).toBe(true);
    expect(invoiceFailedCounts(failed(), null, false)).toBe(true);
  });

  it('is not when it is of no subscription, of another live one, or already paid', () => {
    expect(invoiceFailedCounts(failed({ subscriptionId: null }), current(), false)).toBe(false);
    expect(invoiceFailedCounts(failed({ subscriptionId: 'sub_2' }), current(), false)).toBe(false);
    expect(invoiceFailedCounts(failed(), current(), true)).toBe(false);
  });

  it('is a FAILED dues payment with the missed months, and a reason even when the provider gave none', () => {
    expect(failedDuesPayment(USER, { ...failed(), subscriptionId: 'sub_1' }, 2)).toEqual({
      userId: USER,
      amount: 2500,
      currency: 'usd',
      status: PaymentStatus.FAILED,
      type: PaymentType.MEMBERSHIP,
      description: 'Monthly membership dues',
      providerPaymentId: 'in_2',
      checkoutId: null,
      reason: 'The monthly payment failed',
      consecutiveFailures: 2,
      providerSubscriptionId: 'sub_1',
      periodStart: '1702592000',
    });
    expect(
      failedDuesPayment(
        USER,
        { ...failed({ reason: 'Insufficient funds' }), subscriptionId: 'sub_1' },
        1,
      ).reason,
    ).toBe('Insufficient funds');
  });
});
