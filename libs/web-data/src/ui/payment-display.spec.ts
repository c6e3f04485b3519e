import { enumLabel, paymentStatusColor } from './payment-display';

describe('paymentStatusColor', () => {
  it.each([
    ['COMPLETED', 'green'],
    ['paid', 'green'],
    ['PENDING', 'yellow'],
    ['FAILED', 'red'],
    ['CANCELLED', 'red'],
    ['REFUNDED', 'gray'],
  ])('%s is %s', (status, color) => {
    expect(paymentStatusColor(status)).toBe(color);
  });
});

describe('enumLabel', () => {
  it('words enum values', () => {
    expect(enumLabel('PAST_DUE')).toBe('Past due');
    expect(enumLabel('REGISTRATION')).toBe('Registration');
  });

  it('reads Unknown for no value', () => {
    expect(enumLabel(null)).toBe('Unknown');
    expect(enumLabel(undefined)).toBe('Unknown');
  });
});
