import { AdminBillingMessages } from './admin-settings-messages';
import { AdminOpsMessages } from './admin-ops-messages';
import { CaseReportMessages } from './case-screen-messages';
import { CommonWords } from './common-words';
import { BillingNotifications, UnsubscribePages } from './notification-messages';
import { RegistrationWizardMessages } from './registration-wizard-messages';

/**
 * Every word of the members' receipt and contributions statement PDFs (billing renders them in
 * the reader's language, issue 27). English is the PDFs' text as it always was; a payment's
 * stored description is shown through the messages of its known kinds.
 */
export const StatementPdfMessages = {
  receiptTitle: 'Payment receipt',
  statementTitle: (year: string) => `Contributions statement ${year}`,
  member: CommonWords.member,
  receiptFor: 'Receipt for payment',
  date: AdminBillingMessages.date,
  paid: CommonWords.paid,
  paidOnline: 'online',
  paidInCash: 'in person (cash)',
  paidByCheck: 'in person (check)',
  paidInPerson: (method: string) => `in person (${method})`,
  paymentId: AdminBillingMessages.paymentId,
  period: 'Period',
  periodOfYear: (year: string) => `1 January ${year} to 31 December ${year}`,
  payments: UnsubscribePages.kindPayments,
  description: 'Description',
  amount: AdminOpsMessages.amount,
  total: CaseReportMessages.total,
  receiptFooter: (organisation: string, currency: string) =>
    `Thank you. This receipt was issued by ${organisation} for a payment it received; amounts in ${currency}.`,
  statementFooter: (organisation: string, year: string) =>
    `Every payment ${organisation} received from this member in ${year} (registration fees, monthly dues, household member fees, payments made in person). Payments not counted and refunded are not included.`,
  // Billing's descriptions of the payments it counts (checkout, invoices, offline payments).
  registrationFee: RegistrationWizardMessages.registrationFee,
  monthlyDues: BillingNotifications.purposeMembership,
  householdMemberFee: (name: string) => `Household member fee: ${name}`,
  registrationFeeInCash: 'Registration fee (paid in cash)',
  registrationFeeByCheck: 'Registration fee (paid by check)',
  monthlyDuesInCash: 'Monthly membership dues (paid in cash)',
  monthlyDuesByCheck: 'Monthly membership dues (paid by check)',
  otherPayment: 'Other payment',
} as const;
