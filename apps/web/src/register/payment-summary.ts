/** The fees the wizard's summary shows, in cents, from `publicSettings`. */
export interface Fees {
  registrationFee: number;
  monthlyDues: number;
}

export interface SummaryLine {
  label: string;
  /** Cents. */
  amount: number;
  /** Shown after the amount, e.g. "/ month". */
  per?: string;
}

export interface PaymentSummary {
  lines: SummaryLine[];
  /** Cents: the one-time total plus the first month (spec 9, "Due Today"). */
  dueToday: number;
  dueTodayNote: string;
}

/**
 * The summary beside steps 2 to 4. Billing adds the household's lines (each added member's fee)
 * to the one-time part when it builds the household step.
 */
export function paymentSummary(fees: Fees, householdLines: SummaryLine[] = []): PaymentSummary {
  const oneTime = [{ label: 'Registration fee', amount: fees.registrationFee }, ...householdLines];
  const oneTimeTotal = oneTime.reduce((sum, line) => sum + line.amount, 0);
  return {
    lines: [...oneTime, { label: 'Monthly dues', amount: fees.monthlyDues, per: '/ month' }],
    dueToday: oneTimeTotal + fees.monthlyDues,
    dueTodayNote: "Includes first month's membership",
  };
}
