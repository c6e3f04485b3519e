import { OfflinePaymentMessages } from '@jibs/domain';
import { initialValues, newRequestKey, validateOfflinePayment } from './offline-payment-form';

describe('the Record offline payment form', () => {
  const context = { today: '2026-11-24', memberSince: '2026-03-01', registrationFeePaid: false };
  const values = { ...initialValues(false, '2026-11-24'), amount: '250' };

  it('sends cents, the choices and null for empty optional fields', () => {
    expect(validateOfflinePayment(values, context)).toEqual({
      ok: true,
      fields: {
        amountCents: 25000,
        method: 'cash',
        purpose: 'registration',
        paidOn: '2026-11-24',
        reference: null,
        note: null,
      },
    });
  });

  it("mirrors the server's messages, keyed as the server keys them", () => {
    const errors = (overrides: object, ctx = context) => {
      const result = validateOfflinePayment({ ...values, ...overrides }, ctx);
      return result.ok ? {} : result.fieldErrors;
    };
    expect(errors({ amount: '' })).toEqual({ amountCents: OfflinePaymentMessages.amountRequired });
    expect(errors({ amount: '0' })).toEqual({
      amountCents: OfflinePaymentMessages.amountNotPositive,
    });
    expect(errors({ amount: '-5' })).toEqual({
      amountCents: OfflinePaymentMessages.amountNotPositive,
    });
    expect(errors({ amount: '5000.01' })).toEqual({
      amountCents: OfflinePaymentMessages.amountTooLarge,
    });
    expect(errors({ amount: '12.345' })).toEqual({
      amountCents: OfflinePaymentMessages.amountNotCents,
    });
    expect(errors({ paidOn: '2026-11-25' })).toEqual({
      paidOn: OfflinePaymentMessages.paidOnInFuture,
    });
    expect(errors({ paidOn: '2026-02-28' })).toEqual({
      paidOn: OfflinePaymentMessages.paidOnBeforeMember('2026-03-01'),
    });
    expect(errors({ method: '' })).toEqual({ method: OfflinePaymentMessages.methodRequired });
    expect(errors({ note: 'n'.repeat(501) })).toEqual({
      note: OfflinePaymentMessages.noteTooLong,
    });
    expect(errors({}, { ...context, registrationFeePaid: true })).toEqual({
      purpose: OfflinePaymentMessages.registrationAlreadyPaid,
    });
  });

  it('starts on monthly dues once the registration fee is paid', () => {
    expect(initialValues(true, '2026-11-24').purpose).toBe('dues');
  });

  it('makes a new UUID v4 request key each time', () => {
    const [a, b] = [newRequestKey(), newRequestKey()];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
