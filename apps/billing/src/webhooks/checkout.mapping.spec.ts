import {
  CheckoutKind,
  CheckoutState,
  FlagReasons,
  MemberFeeStatus,
  PaymentStatus,
  PaymentType,
} from '@jibs/domain';
import type { CheckoutCompletedFact, CheckoutPaymentFailedFact } from '../provider/provider-facts';
import {
  checkoutPayment,
  completionMismatch,
  failedCheckoutPayment,
  type CheckoutView,
  type CompletionState,
} from './checkout.mapping';

const USER = '6f1c1f3e-2d1b-4c8e-9a55-2f7a3c1d9b10';
const registration: CheckoutView = {
  id: 'c-reg',
  kind: CheckoutKind.REGISTRATION,
  state: CheckoutState.OPEN,
  amount: 20000,
  snapshot: 'household-v1',
  householdMemberId: null,
};
const memberFee: CheckoutView = {
  id: 'c-fee',
  kind: CheckoutKind.HOUSEHOLD_MEMBER,
  state: CheckoutState.OPEN,
  amount: 2500,
  snapshot: null,
  householdMemberId: 'hm-1',
};
const due = {
  feeStatus: MemberFeeStatus.PAYMENT_DUE,
  fee: 2500,
  firstName: 'Omar',
  lastName: 'Ali',
};
const state = (overrides: Partial<CompletionState>): CompletionState => ({
  checkout: registration,
  registrationFeePaid: false,
  householdSnapshot: 'household-v1',
  householdMember: null,
  ...overrides,
});
const completed = (overrides: Partial<CheckoutCompletedFact> = {}): CheckoutCompletedFact => ({
  kind: 'checkout.completed',
  member: { userId: USER, customerId: 'cus_1' },
  sessionId: 'cs_1',
  checkoutId: 'c-reg',
  purpose: CheckoutKind.REGISTRATION,
  mode: 'payment',
  subscriptionId: null,
  paymentId: 'pi_1',
  amountCents: 20000,
  currency: 'usd',
  refundRef: 'pi_1',
  ...overrides,
});

describe('a completed one-time checkout', () => {
  describe('counts only when it matches what it was created for', () => {
    it.each<[string, CompletionState, number, string | null]>([
      ['a registration as priced', state({}), 20000, null],
      [
        'a checkout billing does not know',
        state({ checkout: null }),
        20000,
        FlagReasons.unknownCheckout,
      ],
      [
        'a registration already paid',
        state({ registrationFeePaid: true, householdSnapshot: 'other' }),
        20000,
        FlagReasons.registrationAlreadyPaid,
      ],
      [
        'a registration priced on a household since changed',
        state({ householdSnapshot: 'household-v2' }),
        20000,
        FlagReasons.householdChanged,
      ],
      [
        'a fee of a member since removed',
        state({ checkout: memberFee, householdMember: null }),
        2500,
        FlagReasons.memberRemoved,
      ],
      [
        'a fee already paid',
        state({
          checkout: memberFee,
          householdMember: { ...due, feeStatus: MemberFeeStatus.PAID },
        }),
        2500,
        FlagReasons.memberFeeAlreadyPaid,
      ],
      [
        'a fee no longer due',
        state({
          checkout: memberFee,
          householdMember: { ...due, feeStatus: MemberFeeStatus.NO_FEE },
        }),
        2500,
        FlagReasons.amountMismatch,
      ],
      [
        'a fee of another amount than the member owes',
        state({ checkout: memberFee, householdMember: { ...due, fee: 3000 } }),
        2500,
        FlagReasons.amountMismatch,
      ],
      ['a fee as owed', state({ checkout: memberFee, householdMember: due }), 2500, null],
      [
        'an expired checkout',
        state({ checkout: { ...registration, state: CheckoutState.EXPIRED } }),
        20000,
        FlagReasons.expiredCheckout,
      ],
      [
        'a checkout completed before',
        state({ checkout: { ...registration, state: CheckoutState.COMPLETED } }),
        20000,
        FlagReasons.expiredCheckout,
      ],
      ['another amount than the checkout', state({}), 19999, FlagReasons.amountMismatch],
    ])('%s', (_name, completion, amount, reason) => {
      expect(completionMismatch(completion, amount)).toBe(reason);
    });
  });

  it('counts a registration as a completed registration payment that marks the fee paid', () => {
    expect(checkoutPayment(USER, completed(), state({}))).toEqual({
      outcome: 'count',
      payment: {
        userId: USER,
        amount: 20000,
        currency: 'usd',
        status: PaymentStatus.COMPLETED,
        type: PaymentType.REGISTRATION,
        description: 'Registration fee',
        providerPaymentId: 'pi_1',
        checkoutId: 'c-reg',
      },
      registrationPaid: true,
      householdMemberPaid: null,
    });
  });

  it("counts a member's fee under that member's name and marks that member paid", () => {
    const result = checkoutPayment(
      USER,
      completed({ checkoutId: 'c-fee', purpose: CheckoutKind.HOUSEHOLD_MEMBER, amountCents: 2500 }),
      state({ checkout: memberFee, householdMember: due }),
    );
    expect(result).toMatchObject({
      outcome: 'count',
      payment: { type: PaymentType.OTHER, description: 'Household member fee: Omar Ali' },
      registrationPaid: false,
      householdMemberPaid: 'hm-1',
    });
  });

  it('flags a mismatch with its reason and what to refund, counting nothing', () => {
    expect(
      checkoutPayment(USER, completed(), state({ householdSnapshot: 'household-v2' })),
    ).toEqual({
      outcome: 'flag',
      payment: {
        userId: USER,
        amount: 20000,
        currency: 'usd',
        type: PaymentType.REGISTRATION,
        description: 'Registration fee (not counted: refunded)',
        providerPaymentId: 'pi_1',
        checkoutId: 'c-reg',
        reason: FlagReasons.householdChanged,
        refundRef: 'pi_1',
      },
    });
  });

  it("flags a payment for a checkout billing does not know, by the provider's stated purpose", () => {
    expect(
      checkoutPayment(
        USER,
        completed({ purpose: CheckoutKind.HOUSEHOLD_MEMBER, refundRef: null }),
        state({ checkout: null }),
      ),
    ).toMatchObject({
      outcome: 'flag',
      payment: {
        type: PaymentType.OTHER,
        description: 'Household member fee (not counted: refunded)',
        checkoutId: null,
        reason: FlagReasons.unknownCheckout,
        refundRef: null,
      },
    });
  });
});

describe('a declined checkout card', () => {
  const failed = (purpose: CheckoutKind | null): CheckoutPaymentFailedFact => ({
    kind: 'checkout.payment_failed',
    member: { userId: USER, customerId: null },
    paymentId: 'pi_f',
    checkoutId: 'c-reg',
    purpose,
    amountCents: 20000,
    currency: 'usd',
    reason: 'Your card was declined.',
  });

  it.each([
    [CheckoutKind.REGISTRATION, PaymentType.REGISTRATION, 'Registration fee'],
    [CheckoutKind.SUBSCRIPTION, PaymentType.MEMBERSHIP, 'Monthly membership dues'],
    [CheckoutKind.HOUSEHOLD_MEMBER, PaymentType.OTHER, 'Household member fee'],
  ])('of a %s checkout is a FAILED payment of that kind', (purpose, type, description) => {
    expect(failedCheckoutPayment(USER, failed(purpose), 2)).toEqual({
      userId: USER,
      amount: 20000,
      currency: 'usd',
      status: PaymentStatus.FAILED,
      type,
      description,
      providerPaymentId: 'pi_f',
      checkoutId: 'c-reg',
      reason: 'Your card was declined.',
      consecutiveFailures: 2,
    });
  });

  it('of a payment billing did not start is nothing', () => {
    expect(failedCheckoutPayment(USER, failed(null), 0)).toBeNull();
  });
});
