import type { EventData } from '@jibs/events';
import { NotificationType } from '@jibs/domain';
import { loadCatalogue } from '@jibs/i18n';
import { ENGLISH } from '../languages/member-languages';
import {
  formatMoney,
  membershipStatusText,
  paymentFailedText,
  subscriptionUpdatedText,
} from './billing-messages';

const userId = '00000000-0000-4000-8000-000000000001';

describe('billing messages', () => {
  beforeAll(() => loadCatalogue('en'));

  it('formats cents as money', () => {
    expect(formatMoney(25_000)).toBe('$250.00');
    expect(formatMoney(2_500, 'USD')).toBe('$25.00');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(1_050, 'eur')).toBe('10.50 EUR');
  });

  it('counts failed monthly payments and says what three do', () => {
    const failed = (consecutiveFailures: number) =>
      paymentFailedText(
        {
          paymentId: userId,
          userId,
          amount: 2_500,
          currency: 'usd',
          type: 'membership',
          reason: null,
          consecutiveFailures,
        },
        ENGLISH,
      );
    expect(failed(1).message).toContain('This is 1 failed payment in a row; 3 in a row make');
    expect(failed(3).message).toContain(
      'This is 3 failed payments in a row; 3 in a row make a membership inactive. Please update your payment method to reactivate it.',
    );
    expect(failed(3).type).toBe(NotificationType.WARNING);
  });

  it('says nothing for subscription changes that are not transitions', () => {
    // The event carries the state it replaced.
    const text = (
      previous: EventData<'subscription.updated'>['previous'],
      data: Omit<EventData<'subscription.updated'>, 'previous'>,
    ) => subscriptionUpdatedText({ ...data, previous }, ENGLISH);
    const update = (status: 'active' | 'past_due', cancelAtPeriodEnd: boolean) => ({
      userId,
      status,
      monthlyAmount: 2_500,
      currentPeriodEnd: null,
      cancelAtPeriodEnd,
    });
    expect(
      text({ status: 'active', cancelAtPeriodEnd: false }, update('active', false)),
    ).toBeNull();
    expect(
      text({ status: 'active', cancelAtPeriodEnd: false }, update('past_due', false)),
    ).toBeNull();
    expect(text(null, update('active', false))?.title).toBe('Monthly dues set up');
    expect(
      text({ status: 'active', cancelAtPeriodEnd: false }, update('active', true))?.message,
    ).toBe(
      'Your monthly dues subscription will end at the end of the current period. No further payments will be taken after that.',
    );
    expect(text({ status: 'active', cancelAtPeriodEnd: true }, update('active', true))).toBeNull();
  });

  it('ignores a membership becoming pending', () => {
    expect(
      membershipStatusText({ userId, from: 'active', to: 'pending', reason: 'x' }, ENGLISH),
    ).toBeNull();
  });
});
