import { paymentSummary } from './payment-summary';

describe('paymentSummary', () => {
  const fees = { registrationFee: 17_500, monthlyDues: 2_500 };

  it('lists the registration fee and the monthly dues', () => {
    expect(paymentSummary(fees).lines).toEqual([
      { label: 'Registration fee', amount: 17_500 },
      { label: 'Monthly dues', amount: 2_500, per: '/ month' },
    ]);
  });

  it("is due today: the one-time total plus the first month's dues", () => {
    const summary = paymentSummary(fees);
    expect(summary.dueToday).toBe(20_000);
    expect(summary.dueTodayNote).toBe("Includes first month's membership");
  });

  it('adds household lines to the one-time part', () => {
    const summary = paymentSummary(fees, [{ label: 'Spouse: Yusuf Rahman', amount: 2_500 }]);
    expect(summary.lines.map((line) => line.label)).toEqual([
      'Registration fee',
      'Spouse: Yusuf Rahman',
      'Monthly dues',
    ]);
    expect(summary.dueToday).toBe(22_500);
  });

  it('follows the settings', () => {
    expect(paymentSummary({ registrationFee: 20_000, monthlyDues: 3_000 }).dueToday).toBe(23_000);
  });
});
