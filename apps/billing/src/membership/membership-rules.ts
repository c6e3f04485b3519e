import { MembershipStatus, MISSED_PAYMENTS_LIMIT } from '@jibs/domain';

/** What billing knows of a member's payments, from which the membership follows. */
export interface MembershipFacts {
  registrationFeePaid: boolean;
  duesPaid: boolean;
  subscriptionEnded: boolean;
  missedPayments: number;
}

/** The dues counters a paid or missed month moves. */
export interface DuesCount {
  duesPaid: boolean;
  missedPayments: number;
  /** The failed invoice last counted: a provider retrying it is one missed month, not several. */
  lastFailedInvoiceId: string | null;
  /** Provider time (seconds, as text) of the newest invoice counted; 0 before any. */
  lastInvoiceAt: string;
}

/** The membership rule, in one place: what the membership is, from the payment facts. */
export function membershipOf(member: MembershipFacts): MembershipStatus {
  if (member.missedPayments >= MISSED_PAYMENTS_LIMIT) return MembershipStatus.INACTIVE;
  if (member.subscriptionEnded) return MembershipStatus.INACTIVE;
  // Active once the registration fee and the first month's dues are both confirmed.
  if (member.registrationFeePaid && member.duesPaid) return MembershipStatus.ACTIVE;
  return MembershipStatus.PENDING;
}

/**
 * A month of dues paid: the dues count as paid and the missed months start again from 0,
 * unless the provider already reported a newer invoice (`at`, its time; null for a payment
 * received in person, which is always the newest).
 */
export function paidMonth(count: DuesCount, at: number | null): DuesCount {
  if (at !== null && at < Number(count.lastInvoiceAt)) return { ...count, duesPaid: true };
  return {
    duesPaid: true,
    missedPayments: 0,
    lastFailedInvoiceId: null,
    lastInvoiceAt: at === null ? count.lastInvoiceAt : String(at),
  };
}

/**
 * A month of dues missed (a failed invoice, at provider time `at`): one more missed month,
 * unless it is older than the newest invoice counted or the same invoice failing again.
 */
export function missedMonth(count: DuesCount, invoiceId: string, at: number): DuesCount {
  if (at < Number(count.lastInvoiceAt) || count.lastFailedInvoiceId === invoiceId) return count;
  return {
    ...count,
    missedPayments: count.missedPayments + 1,
    lastFailedInvoiceId: invoiceId,
    lastInvoiceAt: String(at),
  };
}
