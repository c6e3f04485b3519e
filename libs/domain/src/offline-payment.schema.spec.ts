import {
  dollarsToCents,
  OfflinePaymentMessages,
  offlinePaymentSchema,
} from './offline-payment.schema';

describe('offline payment schema', () => {
  const valid = {
    amountCents: 2500,
    method: 'cash',
    purpose: 'dues',
    paidOn: '2026-11-20',
    note: '  ',
    reference: null,
  };
  const schema = offlinePaymentSchema({ today: '2026-11-24', memberSince: '2026-01-10' });
  const errorOf = (overrides: object) => {
    const result = schema.safeParse({ ...valid, ...overrides });
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('accepts a payment and empties blank notes', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, note: null, reference: null });
  });

  it('refuses the amounts, dates and choices the server refuses', () => {
    expect(errorOf({ amountCents: 0 })).toBe(OfflinePaymentMessages.amountNotPositive);
    expect(errorOf({ amountCents: 500_001 })).toBe(OfflinePaymentMessages.amountTooLarge);
    expect(errorOf({ amountCents: 1.5 })).toBe(OfflinePaymentMessages.amountNotCents);
    expect(errorOf({ paidOn: '2026-11-25' })).toBe(OfflinePaymentMessages.paidOnInFuture);
    expect(errorOf({ paidOn: '2026-01-09' })).toBe(
      OfflinePaymentMessages.paidOnBeforeMember('2026-01-10'),
    );
    expect(errorOf({ paidOn: '2026-13-01' })).toBe(OfflinePaymentMessages.paidOnInvalid);
    expect(errorOf({ method: 'card' })).toBe(OfflinePaymentMessages.methodRequired);
    expect(errorOf({ purpose: 'gift' })).toBe(OfflinePaymentMessages.purposeRequired);
    expect(errorOf({ note: 'n'.repeat(501) })).toBe(OfflinePaymentMessages.noteTooLong);
  });

  it('reads typed dollars as cents', () => {
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents('$1,025.5')).toBe(102550);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('12.345')).toBeNaN();
    expect(dollarsToCents('-5')).toBeNaN();
    expect(dollarsToCents('')).toBeNaN();
  });
});
