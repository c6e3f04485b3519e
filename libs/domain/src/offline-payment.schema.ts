import { z } from 'zod';
import { optionalText, requiredText } from './blank-text';

/** How a member paid an admin in person. */
export const OFFLINE_PAYMENT_METHODS = ['cash', 'check'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

/** What an offline payment pays: the registration fee, or monthly dues. */
export const OFFLINE_PAYMENT_PURPOSES = ['registration', 'dues'] as const;
export type OfflinePaymentPurpose = (typeof OFFLINE_PAYMENT_PURPOSES)[number];

/**
 * The most one offline payment may be: $5,000.00. The largest registration (the $175 base and
 * twenty $25 members, $675) plus years of $25 dues stay far below it; a larger figure is a
 * typing slip (cents typed as dollars), never a real cash payment here.
 */
export const MAX_OFFLINE_PAYMENT_CENTS = 500_000;
export const MAX_OFFLINE_PAYMENT_NOTE_LENGTH = 500;
export const MAX_OFFLINE_PAYMENT_REFERENCE_LENGTH = 64;

export const OfflinePaymentMessages = {
  amountRequired: 'Enter the amount received',
  amountNotPositive: 'The amount must be more than $0.00',
  amountTooLarge: 'The amount cannot be more than $5,000.00',
  amountNotCents: 'Enter the amount in dollars and cents (at most 2 decimals)',
  methodRequired: 'Choose cash or check',
  purposeRequired: 'Choose registration fee or monthly dues',
  paidOnRequired: 'Enter the date the payment was received',
  paidOnInvalid: 'Enter a valid date (YYYY-MM-DD)',
  paidOnInFuture: 'The payment date cannot be in the future',
  paidOnBeforeMember: (joined: string) =>
    `The payment date cannot be before the member joined (${joined})`,
  noteTooLong: `The note can be at most ${MAX_OFFLINE_PAYMENT_NOTE_LENGTH} characters`,
  referenceTooLong: `The reference can be at most ${MAX_OFFLINE_PAYMENT_REFERENCE_LENGTH} characters`,
  unknownMember: 'No member with this id',
  registrationAlreadyPaid: "This member's registration fee is already paid",
  idempotencyKeyRequired: 'A request key (a UUID made by the client) is required',
  keyReused: 'This request key was already used for a different payment',
  recordedTitle: 'Payment recorded',
  recordedMessage: (amount: string) => `The offline payment of ${amount} was recorded.`,
  recordFailedTitle: 'Payment not recorded',
} as const;

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date in UTC (YYYY-MM-DD): the server's "future" line for a payment already received. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * An offline payment as an admin enters it. `today` is the latest date allowed (the server
 * passes today in UTC; the client its local date, which is never later for the Americas);
 * `memberSince` the member's first day (YYYY-MM-DD), when known.
 */
export function offlinePaymentSchema(
  options: { today?: string; memberSince?: string | null } = {},
) {
  const today = options.today ?? todayUtc();
  const since = options.memberSince ?? null;
  return z.object({
    amountCents: z
      .number({ error: OfflinePaymentMessages.amountRequired })
      .refine(Number.isInteger, OfflinePaymentMessages.amountNotCents)
      .refine((value) => value > 0, OfflinePaymentMessages.amountNotPositive)
      .refine((value) => value <= MAX_OFFLINE_PAYMENT_CENTS, OfflinePaymentMessages.amountTooLarge),
    method: z.enum(OFFLINE_PAYMENT_METHODS, { error: OfflinePaymentMessages.methodRequired }),
    purpose: z.enum(OFFLINE_PAYMENT_PURPOSES, { error: OfflinePaymentMessages.purposeRequired }),
    paidOn: requiredText(OfflinePaymentMessages.paidOnRequired)
      .refine(isRealDate, OfflinePaymentMessages.paidOnInvalid)
      .refine((value) => !isRealDate(value) || value <= today, {
        message: OfflinePaymentMessages.paidOnInFuture,
      })
      .refine((value) => !isRealDate(value) || since === null || value >= since, {
        message: OfflinePaymentMessages.paidOnBeforeMember(since ?? ''),
      }),
    note: optionalText(MAX_OFFLINE_PAYMENT_NOTE_LENGTH, OfflinePaymentMessages.noteTooLong),
    reference: optionalText(
      MAX_OFFLINE_PAYMENT_REFERENCE_LENGTH,
      OfflinePaymentMessages.referenceTooLong,
    ),
  });
}

export type OfflinePaymentInput = z.input<ReturnType<typeof offlinePaymentSchema>>;
export type ValidOfflinePayment = z.output<ReturnType<typeof offlinePaymentSchema>>;

/**
 * Dollars as typed ("25", "25.5", "1,025.00") to cents; NaN when it is not an amount with at
 * most two decimals.
 */
export function dollarsToCents(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
