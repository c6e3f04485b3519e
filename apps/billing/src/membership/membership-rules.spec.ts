import { MembershipStatus, MISSED_PAYMENTS_LIMIT } from '@jibs/domain';
import { membershipOf, missedMonth, paidMonth, type DuesCount } from './membership-rules';

const paidUp = {
  registrationFeePaid: true,
  duesPaid: true,
  subscriptionEnded: false,
  missedPayments: 0,
};
const count = (overrides: Partial<DuesCount> = {}): DuesCount => ({
  duesPaid: true,
  missedPayments: 1,
  lastFailedInvoiceId: 'in_1',
  lastInvoiceAt: '100',
  ...overrides,
});

describe('the membership rule', () => {
  it('is pending until the registration fee and the first dues are both confirmed', () => {
    expect(membershipOf({ ...paidUp, registrationFeePaid: false })).toBe(MembershipStatus.PENDING);
    expect(membershipOf({ ...paidUp, duesPaid: false })).toBe(MembershipStatus.PENDING);
    expect(membershipOf(paidUp)).toBe(MembershipStatus.ACTIVE);
  });

  it('is inactive at the missed-payments limit (3 in a row), or once the subscription ended', () => {
    expect(MISSED_PAYMENTS_LIMIT).toBe(3);
    expect(membershipOf({ ...paidUp, missedPayments: 2 })).toBe(MembershipStatus.ACTIVE);
    expect(membershipOf({ ...paidUp, missedPayments: 3 })).toBe(MembershipStatus.INACTIVE);
    expect(membershipOf({ ...paidUp, registrationFeePaid: false, missedPayments: 3 })).toBe(
      MembershipStatus.INACTIVE,
    );
    expect(membershipOf({ ...paidUp, subscriptionEnded: true })).toBe(MembershipStatus.INACTIVE);
  });
});

describe('a month paid', () => {
  it('starts the missed months again from 0 at the newest invoice time', () => {
    expect(paidMonth(count({ duesPaid: false }), 200)).toEqual({
      duesPaid: true,
      missedPayments: 0,
      lastFailedInvoiceId: null,
      lastInvoiceAt: '200',
    });
    expect(paidMonth(count(), 100)).toMatchObject({ missedPayments: 0, lastInvoiceAt: '100' });
  });

  it('older than an invoice already counted pays the dues but leaves the count', () => {
    expect(paidMonth(count({ duesPaid: false }), 99)).toEqual(count({ duesPaid: true }));
  });

  it('in person (no provider time) is the newest: the count starts again, the time stays', () => {
    expect(paidMonth(count({ missedPayments: 2 }), null)).toEqual({
      duesPaid: true,
      missedPayments: 0,
      lastFailedInvoiceId: null,
      lastInvoiceAt: '100',
    });
  });
});

describe('a month missed', () => {
  it('adds one missed month and remembers the invoice and its time', () => {
    expect(missedMonth(count(), 'in_2', 150)).toEqual(
      count({ missedPayments: 2, lastFailedInvoiceId: 'in_2', lastInvoiceAt: '150' }),
    );
  });

  it('counts the same invoice failing again, or an older failure, not again', () => {
    expect(missedMonth(count(), 'in_1', 150)).toEqual(count());
    expect(missedMonth(count(), 'in_2', 99)).toEqual(count());
  });
});
