import { formatPaymentAmount } from '@jibs/domain';
import { shortSessionId } from './payment-display';
import { checkoutWaitOutcome, CHECKOUT_WAIT_LIMIT_MS } from './checkout-wait';

describe('payment display', () => {
  it('formats cents with the currency upper-cased', () => {
    expect(formatPaymentAmount(20_000, 'usd')).toBe('$200.00 USD');
    expect(formatPaymentAmount(2_550, 'eur')).toBe('25.50 EUR');
  });

  it('shows session ids truncated to 8 characters', () => {
    expect(shortSessionId('cs_test_a1b2c3d4e5')).toBe('cs_test_');
    expect(shortSessionId(null)).toBeNull();
  });
});

describe('checkoutWaitOutcome', () => {
  it('waits while the checkout is open or unknown, until the limit', () => {
    expect(checkoutWaitOutcome('OPEN', 1_000)).toBe('waiting');
    expect(checkoutWaitOutcome(null, 5_000)).toBe('waiting');
    expect(checkoutWaitOutcome('OPEN', CHECKOUT_WAIT_LIMIT_MS)).toBe('timeout');
    expect(checkoutWaitOutcome(null, CHECKOUT_WAIT_LIMIT_MS + 1)).toBe('timeout');
  });

  it('ends on a completed, failed or expired checkout', () => {
    expect(checkoutWaitOutcome('COMPLETED', 0)).toBe('completed');
    expect(checkoutWaitOutcome('FAILED', 0)).toBe('failed');
    expect(checkoutWaitOutcome('EXPIRED', 0)).toBe('failed');
  });
});
