import { z } from 'zod';
import { cleanText, requiredText } from './blank-text';
import { CaseWords } from './case-words';

/**
 * Burial assistance (issue 23): who is covered, the eligibility rules as one pure function, and
 * the claim's categories, payees and messages. The server decides with `assessEligibility`; the
 * clients only show its outcome and use the labels.
 */

/** Expense categories a claim line may have (the settings choose which are eligible). */
export const EXPENSE_CATEGORIES = [
  'funeral_home',
  'burial_plot',
  'grave_opening_closing',
  'ghusl_kafan',
  'transport',
] as const;

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  funeral_home: 'Funeral home',
  burial_plot: 'Burial plot',
  grave_opening_closing: 'Grave opening and closing',
  ghusl_kafan: 'Ghusl and kafan',
  transport: 'Transport',
};

/** Who an expense is paid to (the payee's name is kept beside it). */
export const PAYEE_KINDS = ['funeral_home', 'cemetery', 'family'] as const;

export type PayeeKind = (typeof PAYEE_KINDS)[number];

export const PAYEE_KIND_LABELS: Record<PayeeKind, string> = {
  funeral_home: EXPENSE_CATEGORY_LABELS.funeral_home,
  cemetery: 'Cemetery',
  family: 'The family',
};

/** Who died, as the death report form's optional field says. */
export enum DeceasedKind {
  ACCOUNT_HOLDER = 'account_holder',
  HOUSEHOLD_MEMBER = 'household_member',
  SOMEONE_ELSE = 'someone_else',
}

/** The eligibility rules, in the order they are shown. */
export enum EligibilityRule {
  PERSON_COVERED = 'person_covered',
  MEMBERSHIP_ACTIVE = 'membership_active',
  WAITING_PERIOD = 'waiting_period',
  DUES_CURRENT = 'dues_current',
  CLAIM_WINDOW = 'claim_window',
}

export const ELIGIBILITY_RULE_LABELS: Record<EligibilityRule, string> = {
  [EligibilityRule.PERSON_COVERED]: 'Person covered',
  [EligibilityRule.MEMBERSHIP_ACTIVE]: 'Membership active on the date of death',
  [EligibilityRule.WAITING_PERIOD]: 'Waiting period over',
  [EligibilityRule.DUES_CURRENT]: 'Dues paid up',
  [EligibilityRule.CLAIM_WINDOW]: 'Claim inside the window',
};

/**
 * Dues are in arrears when no registration or dues payment came in this many days before the
 * date of death: a month's dues and two weeks' grace.
 */
export const DUES_GRACE_DAYS = 45;

/** The bounds of a claim's expense line. */
export const CLAIM_LIMITS = { maxPayeeName: 200, maxNote: 2000 } as const;

export const AssistanceMessages = {
  householdMemberRequired: 'Choose the household member who died',
  householdMemberNotFound: 'That person is not a member of your household',
  householdMemberOnlyWithKind: 'A household member is chosen only when a household member died',
  covered: 'Covered: the fund can help with the burial expenses.',
  notCovered: 'Not covered by the fund',
  reportNotApproved: 'Expenses can be added once the report is approved',
  unknownCategory: 'Choose an eligible expense category',
  amountNotPositive: 'Amount must be more than $0',
  amountNotWhole: 'Amount must be whole cents',
  amountTooLarge: 'Amount must be at most $100,000.00',
  payeeKindRequired: 'Choose who is paid: the funeral home, the cemetery or the family',
  payeeNameRequired: "The payee's name is required",
  payeeNameTooLong: `The payee's name can be at most ${CLAIM_LIMITS.maxPayeeName} characters`,
  invoiceNotFound: 'Invoice not found among your documents',
  invoiceWrongType: 'The invoice must be a Funeral Home Invoice, Cemetery Invoice or Receipt',
  invoiceRejected: 'That document was rejected; upload the invoice again',
  outsideClaimWindow:
    'This claim came after the claim window; an admin must accept it before expenses are added',
  overrideNoteRequired: 'Write a note saying why the claim is accepted outside the window',
  overrideNoteTooLong: `The note can be at most ${CLAIM_LIMITS.maxNote} characters`,
  windowAlreadyMet: 'This claim is inside the window; nothing to accept',
  lineNotFound: 'Expense line not found',
} as const;

/** A membership status change as cases keeps it (billing's `membership.status_changed`). */
export interface StatusChangeFact {
  at: Date;
  to: 'pending' | 'active' | 'inactive';
}

/** A payment as cases keeps it (billing's `payment.completed`). */
export interface PaymentFact {
  at: Date;
  type: 'registration' | 'membership' | 'other';
}

export type DeceasedFact =
  | { kind: DeceasedKind.ACCOUNT_HOLDER }
  | { kind: DeceasedKind.SOMEONE_ELSE }
  | {
      kind: DeceasedKind.HOUSEHOLD_MEMBER;
      firstName: string;
      relationship: 'spouse' | 'child' | 'parent';
      /** YYYY-MM-DD; null when billing's event did not carry it. */
      dateOfBirth: string | null;
      addedAt: Date;
      removedAt: Date | null;
    };

export interface EligibilityFacts {
  /** YYYY-MM-DD. */
  dateOfDeath: string;
  reportedAt: Date;
  deceased: DeceasedFact;
  statusChanges: StatusChangeFact[];
  payments: PaymentFact[];
  /** An admin accepted the claim outside the window (with a note). */
  windowOverride: boolean;
}

export interface RuleResult {
  rule: EligibilityRule;
  met: boolean;
  reason: string;
}

export interface EligibilityAssessment {
  covered: boolean;
  /** One sentence for the family. */
  summary: string;
  rules: RuleResult[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "3 March 2026", for a YYYY-MM-DD date or a moment (its UTC date). */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  return longDate.format(date);
}

const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);
const addDays = (day: string, days: number): string =>
  dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function nameOf(deceased: DeceasedFact): string {
  if (deceased.kind === DeceasedKind.HOUSEHOLD_MEMBER) return deceased.firstName;
  return deceased.kind === DeceasedKind.ACCOUNT_HOLDER ? CaseWords.accountHolder : 'The person';
}

/**
 * The eligibility assessment of one death, from the facts cases holds. Dates are compared as
 * UTC calendar days; a change dated on the day of death counts as in effect that day.
 */
export function assessEligibility(
  facts: EligibilityFacts,
  settings: { waitingPeriodDays: number; claimWindowDays: number; childAgeLimit: number },
): EligibilityAssessment {
  const death = facts.dateOfDeath;
  const deathLong = formatLongDate(death);
  const { deceased } = facts;
  const name = nameOf(deceased);
  const onOrBefore = (moment: Date) => dayOf(moment) <= death;

  // Membership status on the date of death, and since when it had been active.
  const changes = [...facts.statusChanges]
    .filter((change) => onOrBefore(change.at))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = changes[changes.length - 1];
  let activeSince: Date | null = null;
  if (last?.to === 'active') {
    activeSince = last.at;
  }
  const regained = changes.filter((change) => change.to === 'active').length > 1;

  const rules: RuleResult[] = [];

  // 1. Is the person covered?
  let personMet = false;
  let personReason: string;
  switch (deceased.kind) {
    case DeceasedKind.ACCOUNT_HOLDER:
      personMet = true;
      personReason = 'The account holder is covered.';
      break;
    case DeceasedKind.SOMEONE_ELSE:
      personReason =
        'Only the account holder and the members of their household (spouse, children, parents) are covered.';
      break;
    case DeceasedKind.HOUSEHOLD_MEMBER: {
      const added = formatLongDate(deceased.addedAt);
      if (!onOrBefore(deceased.addedAt)) {
        personReason = `${name} was added to the household on ${added}, after the date of death (${deathLong}).`;
      } else if (deceased.removedAt && onOrBefore(deceased.removedAt)) {
        personReason = `${name} was removed from the household on ${formatLongDate(deceased.removedAt)}, before the date of death.`;
      } else if (deceased.relationship === 'child') {
        if (!deceased.dateOfBirth) {
          personReason = `${name}'s date of birth is not known to the fund, so the child's age on the date of death cannot be checked.`;
        } else {
          const age = ageOn(deceased.dateOfBirth, death);
          personMet = age < settings.childAgeLimit;
          personReason = personMet
            ? `${name} is the member's child and was ${age} on ${deathLong}, under the age limit of ${settings.childAgeLimit}.`
            : `${name} was ${age} on ${deathLong}; children are covered under the age of ${settings.childAgeLimit}.`;
        }
      } else {
        personMet = true;
        personReason = `${name} is the member's ${deceased.relationship}, a covered member of the household.`;
      }
      break;
    }
  }
  rules.push({ rule: EligibilityRule.PERSON_COVERED, met: personMet, reason: personReason });

  // 2. Was the membership active on the date of death?
  rules.push(
    last
      ? {
          rule: EligibilityRule.MEMBERSHIP_ACTIVE,
          met: last.to === 'active',
          reason:
            last.to === 'active'
              ? `The membership was active on ${deathLong} (active since ${formatLongDate(last.at)}).`
              : `The membership was ${last.to} on ${deathLong} (since ${formatLongDate(last.at)}).`,
        }
      : {
          rule: EligibilityRule.MEMBERSHIP_ACTIVE,
          met: false,
          reason: `The membership had not become active by ${deathLong}.`,
        },
  );

  // 3. Was the waiting period over for that person?
  const days = settings.waitingPeriodDays;
  const paymentsBefore = facts.payments
    .filter((payment) => onOrBefore(payment.at))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let waiting: RuleResult;
  const waitingResult = (startDay: string, because: string): RuleResult => {
    const end = addDays(startDay, days);
    const met = end <= death;
    return {
      rule: EligibilityRule.WAITING_PERIOD,
      met,
      reason: met
        ? `${because}; the ${days}-day waiting period ended on ${formatLongDate(end)}.`
        : `${because}; the ${days}-day waiting period ends on ${formatLongDate(end)}, after the date of death (${deathLong}).`,
    };
  };
  const regainedText = (since: Date) =>
    `Coverage was lost and started again when the membership became active on ${formatLongDate(since)}`;
  if (deceased.kind === DeceasedKind.SOMEONE_ELSE) {
    waiting = {
      rule: EligibilityRule.WAITING_PERIOD,
      met: false,
      reason: 'No waiting period applies: the person is not covered.',
    };
  } else if (!activeSince) {
    waiting = {
      rule: EligibilityRule.WAITING_PERIOD,
      met: false,
      reason: `No waiting period had started: the membership was not active on ${deathLong}.`,
    };
  } else {
    // The later of the person's own start and the start of the membership's active spell: a
    // membership that lapsed and came back starts a new waiting period for everyone.
    const own =
      deceased.kind === DeceasedKind.ACCOUNT_HOLDER
        ? (paymentsBefore[0]?.at ?? null)
        : deceased.addedAt;
    const ownText =
      deceased.kind === DeceasedKind.ACCOUNT_HOLDER
        ? `The first payment was received on ${formatLongDate(own ?? activeSince)}`
        : `${name} was added to the household on ${formatLongDate(deceased.addedAt)}`;
    waiting =
      own && dayOf(own) >= dayOf(activeSince)
        ? waitingResult(dayOf(own), ownText)
        : waitingResult(
            dayOf(activeSince),
            regained
              ? regainedText(activeSince)
              : `The membership became active on ${formatLongDate(activeSince)}`,
          );
  }
  rules.push(waiting);

  // 4. Were dues in arrears?
  const dues = paymentsBefore.filter((payment) => payment.type !== 'other');
  const lastDues = dues[dues.length - 1];
  if (!lastDues) {
    rules.push({
      rule: EligibilityRule.DUES_CURRENT,
      met: false,
      reason: `No registration or dues payment was received before ${deathLong}.`,
    });
  } else {
    const gap = daysBetween(dayOf(lastDues.at), death);
    const met = gap <= DUES_GRACE_DAYS;
    rules.push({
      rule: EligibilityRule.DUES_CURRENT,
      met,
      reason: met
        ? `The last payment was received on ${formatLongDate(lastDues.at)}, ${gap} days before the date of death: dues were paid up.`
        : `The last payment was received on ${formatLongDate(lastDues.at)}, ${gap} days before the date of death: dues were in arrears (more than ${DUES_GRACE_DAYS} days).`,
    });
  }

  // 5. Did the claim come inside the window?
  const reported = dayOf(facts.reportedAt);
  const late = daysBetween(death, reported);
  const window = settings.claimWindowDays;
  const inside = late <= window;
  const reportedText = `The death was reported on ${formatLongDate(reported)}, ${late} days after the date of death`;
  rules.push({
    rule: EligibilityRule.CLAIM_WINDOW,
    met: inside || facts.windowOverride,
    reason: inside
      ? `${reportedText}, inside the ${window}-day claim window.`
      : `${reportedText}, outside the ${window}-day claim window${facts.windowOverride ? '; an admin accepted the claim with a note' : ''}.`,
  });

  const covered = rules.every((rule) => rule.met);
  const firstUnmet = rules.find((rule) => !rule.met);
  return {
    covered,
    summary: covered
      ? AssistanceMessages.covered
      : `${AssistanceMessages.notCovered}: ${firstUnmet!.reason}`,
    rules,
  };
}

/** An expense line as the family or an admin adds it; `eligible` is the settings' list. */
export function claimExpenseSchema(eligible: readonly string[]) {
  return z.object({
    category: z
      .string({ error: AssistanceMessages.unknownCategory })
      .refine((value) => eligible.includes(value), AssistanceMessages.unknownCategory),
    amount: z
      .number({ error: AssistanceMessages.amountNotPositive })
      .int(AssistanceMessages.amountNotWhole)
      .min(1, AssistanceMessages.amountNotPositive)
      .max(10_000_000, AssistanceMessages.amountTooLarge),
    payeeKind: z.enum(PAYEE_KINDS, { error: AssistanceMessages.payeeKindRequired }),
    payeeName: requiredText(AssistanceMessages.payeeNameRequired).max(
      CLAIM_LIMITS.maxPayeeName,
      AssistanceMessages.payeeNameTooLong,
    ),
  });
}

/** An admin's note accepting a claim outside the window: required. */
export const lateClaimNoteSchema = z
  .string()
  .overwrite(cleanText)
  .min(1, AssistanceMessages.overrideNoteRequired)
  .max(CLAIM_LIMITS.maxNote, AssistanceMessages.overrideNoteTooLong);
