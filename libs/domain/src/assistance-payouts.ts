import { AssistanceMessages } from './assistance';
import { formatCents } from './format';
import { OfflinePaymentMessages } from './offline-payment.schema';

/** How the treasurer pays it (no money moves through the product: it records what was done). */
export const PAYOUT_METHODS = ['check', 'bank_transfer', 'cash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  check: 'Check',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
};

/** proposed -> (approved, when above the threshold) -> paid. */
export const PAYOUT_STATUSES = ['proposed', 'approved', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const MAX_PAYEE_NAME_LENGTH = 200;
export const MAX_PAYOUT_REFERENCE_LENGTH = 100;

export const PayoutMessages = {
  reportRequired: 'Choose the death report',
  noApprovedClaim: 'There is no approved claim for this report',
  linesRequired: 'Choose at least one expense line of the claim',
  unknownLine: 'This expense line is not part of the claim',
  lineTwice: 'An expense line can be paid only once per payout',
  amountNotPositive: OfflinePaymentMessages.amountNotPositive,
  amountNotCents: 'Amounts are whole cents',
  lineAboveInvoice: (left: number) =>
    `The amount is above what this line's invoice leaves to pay (${formatCents(left)})`,
  totalMismatch: 'The total must equal the sum of the lines',
  aboveInvoices: (left: number) =>
    `The total is above what the claim's invoices leave to pay (${formatCents(left)})`,
  aboveCoverageLimit: (left: number) =>
    `The total is above the coverage limit left for this death (${formatCents(left)})`,
  payeeRequired: AssistanceMessages.payeeKindRequired,
  payeeNameRequired: 'Enter the name of the payee',
  payeeNameTooLong: `The payee's name can be at most ${MAX_PAYEE_NAME_LENGTH} characters`,
  methodRequired: 'Choose check, bank transfer or cash',
  referenceRequired: 'Enter the check number or transfer reference',
  referenceTooLong: `The reference can be at most ${MAX_PAYOUT_REFERENCE_LENGTH} characters`,
  paidOnRequired: 'Enter the date the money was paid',
  paidOnInvalid: OfflinePaymentMessages.paidOnInvalid,
  paidOnInFuture: OfflinePaymentMessages.paidOnInFuture,
  paidOnBeforeProposal: 'The payment date cannot be before the payout was proposed',
  notFound: 'Payout not found',
  ownProposal: 'A different admin must approve this payout: you proposed it',
  noSecondApproval: 'This payout is within the approval threshold: it needs no second approval',
  alreadyApproved: 'This payout was already approved',
  alreadyPaid: 'This payout was already marked paid',
  awaitingApproval: 'A second admin must approve this payout before it is paid',
} as const;
