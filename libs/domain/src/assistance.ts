import { lazily } from './lazily';
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

/** The rules' names, by the API's codes (`EligibilityRule`'s names): the clients show them by code. */
export const EligibilityRuleMessages = {
  PERSON_COVERED: 'Person covered',
  MEMBERSHIP_ACTIVE: 'Membership active on the date of death',
  WAITING_PERIOD: 'Waiting period over',
  DUES_CURRENT: 'Dues paid up',
  CLAIM_WINDOW: 'Claim inside the window',
} as const;

export const ELIGIBILITY_RULE_LABELS: Record<EligibilityRule, string> = {
  [EligibilityRule.PERSON_COVERED]: EligibilityRuleMessages.PERSON_COVERED,
  [EligibilityRule.MEMBERSHIP_ACTIVE]: EligibilityRuleMessages.MEMBERSHIP_ACTIVE,
  [EligibilityRule.WAITING_PERIOD]: EligibilityRuleMessages.WAITING_PERIOD,
  [EligibilityRule.DUES_CURRENT]: EligibilityRuleMessages.DUES_CURRENT,
  [EligibilityRule.CLAIM_WINDOW]: EligibilityRuleMessages.CLAIM_WINDOW,
};

/**
 * Each rule's reasons, one message each, by the code the API gives (`reasonCode`) with its
 * arguments in order (`reasonArguments`; dates as YYYY-MM-DD): the API's English `reason` is this
 * message with the dates written long, and a client writes it in its reader's language.
 */
export const EligibilityReasonMessages = {
  accountHolderCovered: 'The account holder is covered.',
  someoneElse:
    'Only the account holder and the members of their household (spouse, children, parents) are covered.',
  addedAfterDeath: (name: string, added: string, death: string) =>
    `${name} was added to the household on ${added}, after the date of death (${death}).`,
  removedBeforeDeath: (name: string, removed: string) =>
    `${name} was removed from the household on ${removed}, before the date of death.`,
  childBirthUnknown: (name: string) =>
    `${name}'s date of birth is not known to the fund, so the child's age on the date of death cannot be checked.`,
  childUnderLimit: (name: string, age: number, death: string, limit: number) =>
    `${name} is the member's child and was ${age} on ${death}, under the age limit of ${limit}.`,
  childOverLimit: (name: string, age: number, death: string, limit: number) =>
    `${name} was ${age} on ${death}; children are covered under the age of ${limit}.`,
  spouseCovered: (name: string) =>
    `${name} is the member's spouse, a covered member of the household.`,
  parentCovered: (name: string) =>
    `${name} is the member's parent, a covered member of the household.`,
  membershipActive: (death: string, since: string) =>
    `The membership was active on ${death} (active since ${since}).`,
  membershipPending: (death: string, since: string) =>
    `The membership was pending on ${death} (since ${since}).`,
  membershipInactive: (death: string, since: string) =>
    `The membership was inactive on ${death} (since ${since}).`,
  membershipNeverActive: (death: string) => `The membership had not become active by ${death}.`,
  waitingNotCovered: 'No waiting period applies: the person is not covered.',
  waitingNotStarted: (death: string) =>
    `No waiting period had started: the membership was not active on ${death}.`,
  firstPaymentWaitingOver: (paid: string, days: number, end: string) =>
    `The first payment was received on ${paid}; the ${days}-day waiting period ended on ${end}.`,
  firstPaymentWaitingNotOver: (paid: string, days: number, end: string, death: string) =>
    `The first payment was received on ${paid}; the ${days}-day waiting period ends on ${end}, after the date of death (${death}).`,
  addedWaitingOver: (name: string, added: string, days: number, end: string) =>
    `${name} was added to the household on ${added}; the ${days}-day waiting period ended on ${end}.`,
  addedWaitingNotOver: (name: string, added: string, days: number, end: string, death: string) =>
    `${name} was added to the household on ${added}; the ${days}-day waiting period ends on ${end}, after the date of death (${death}).`,
  regainedWaitingOver: (since: string, days: number, end: string) =>
    `Coverage was lost and started again when the membership became active on ${since}; the ${days}-day waiting period ended on ${end}.`,
  regainedWaitingNotOver: (since: string, days: number, end: string, death: string) =>
    `Coverage was lost and started again when the membership became active on ${since}; the ${days}-day waiting period ends on ${end}, after the date of death (${death}).`,
  activeWaitingOver: (since: string, days: number, end: string) =>
    `The membership became active on ${since}; the ${days}-day waiting period ended on ${end}.`,
  activeWaitingNotOver: (since: string, days: number, end: string, death: string) =>
    `The membership became active on ${since}; the ${days}-day waiting period ends on ${end}, after the date of death (${death}).`,
  noDuesPayment: (death: string) => `No registration or dues payment was received before ${death}.`,
  duesPaidUp: (paid: string, gap: number) =>
    `The last payment was received on ${paid}, ${gap} days before the date of death: dues were paid up.`,
  duesInArrears: (paid: string, gap: number, grace: number) =>
    `The last payment was received on ${paid}, ${gap} days before the date of death: dues were in arrears (more than ${grace} days).`,
  insideWindow: (reported: string, late: number, window: number) =>
    `The death was reported on ${reported}, ${late} days after the date of death, inside the ${window}-day claim window.`,
  outsideWindow: (reported: string, late: number, window: number) =>
    `The death was reported on ${reported}, ${late} days after the date of death, outside the ${window}-day claim window.`,
  outsideWindowAccepted: (reported: string, late: number, window: number) =>
    `The death was reported on ${reported}, ${late} days after the date of death, outside the ${window}-day claim window; an admin accepted the claim with a note.`,
} as const;

export type EligibilityReasonCode = keyof typeof EligibilityReasonMessages;

/** A reason's argument: a date (YYYY-MM-DD, written long in the English text), a name or a number. */
export type ReasonArgument = { date: string } | string | number;

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
  /** The reason in English, with the dates written long. */
  reason: string;
  /** The reason's message in `EligibilityReasonMessages`, and its arguments in order. */
  reasonCode: EligibilityReasonCode;
  reasonArguments: ReasonArgument[];
}

/** A reason's English text, from its code and arguments. */
export function reasonText(code: EligibilityReasonCode, args: readonly ReasonArgument[]): string {
  const message = EligibilityReasonMessages[code] as string | ((...values: unknown[]) => string);
  if (typeof message === 'string') return message;
  return message(...args.map((arg) => (typeof arg === 'object' ? formatLongDate(arg.date) : arg)));
}

/** The reason part of a rule's result. */
function because(
  code: EligibilityReasonCode,
  ...args: ReasonArgument[]
): Pick<RuleResult, 'reason' | 'reasonCode' | 'reasonArguments'> {
  return { reason: reasonText(code, args), reasonCode: code, reasonArguments: args };
}

export interface EligibilityAssessment {
  covered: boolean;
  /** One sentence for the family. */
  summary: string;
  rules: RuleResult[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** "3 March 2026", for a YYYY-MM-DD date or a moment (its UTC date). */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  return longDate().format(date);
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
  const on = (moment: Date | string) => ({
    date: typeof moment === 'string' ? moment : dayOf(moment),
  });
  const deathDay = on(death);

  // 1. Is the person covered?
  let person: Pick<RuleResult, 'met' | 'reason' | 'reasonCode' | 'reasonArguments'>;
  switch (deceased.kind) {
    case DeceasedKind.ACCOUNT_HOLDER:
      person = { met: true, ...because('accountHolderCovered') };
      break;
    case DeceasedKind.SOMEONE_ELSE:
      person = { met: false, ...because('someoneElse') };
      break;
    case DeceasedKind.HOUSEHOLD_MEMBER: {
      if (!onOrBefore(deceased.addedAt)) {
        person = {
          met: false,
          ...because('addedAfterDeath', name, on(deceased.addedAt), deathDay),
        };
      } else if (deceased.removedAt && onOrBefore(deceased.removedAt)) {
        person = { met: false, ...because('removedBeforeDeath', name, on(deceased.removedAt)) };
      } else if (deceased.relationship === 'child') {
        if (!deceased.dateOfBirth) {
          person = { met: false, ...because('childBirthUnknown', name) };
        } else {
          const age = ageOn(deceased.dateOfBirth, death);
          const limit = settings.childAgeLimit;
          person =
            age < limit
              ? { met: true, ...because('childUnderLimit', name, age, deathDay, limit) }
              : { met: false, ...because('childOverLimit', name, age, deathDay, limit) };
        }
      } else {
        person = {
          met: true,
          ...because(deceased.relationship === 'spouse' ? 'spouseCovered' : 'parentCovered', name),
        };
      }
      break;
    }
  }
  rules.push({ rule: EligibilityRule.PERSON_COVERED, ...person });

  // 2. Was the membership active on the date of death?
  const membershipCode = {
    active: 'membershipActive',
    pending: 'membershipPending',
    inactive: 'membershipInactive',
  } as const;
  rules.push(
    last
      ? {
          rule: EligibilityRule.MEMBERSHIP_ACTIVE,
          met: last.to === 'active',
          ...because(membershipCode[last.to], deathDay, on(last.at)),
        }
      : {
          rule: EligibilityRule.MEMBERSHIP_ACTIVE,
          met: false,
          ...because('membershipNeverActive', deathDay),
        },
  );

  // 3. Was the waiting period over for that person?
  const days = settings.waitingPeriodDays;
  const paymentsBefore = facts.payments
    .filter((payment) => onOrBefore(payment.at))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let waiting: RuleResult;
  type Start = 'firstPayment' | 'added' | 'regained' | 'active';
  const waitingResult = (startDay: string, start: Start, ...lead: ReasonArgument[]): RuleResult => {
    const end = addDays(startDay, days);
    const met = end <= death;
    return {
      rule: EligibilityRule.WAITING_PERIOD,
      met,
      ...(met
        ? because(`${start}WaitingOver`, ...lead, days, on(end))
        : because(`${start}WaitingNotOver`, ...lead, days, on(end), deathDay)),
    };
  };
  if (deceased.kind === DeceasedKind.SOMEONE_ELSE) {
    waiting = {
      rule: EligibilityRule.WAITING_PERIOD,
      met: false,
      ...because('waitingNotCovered'),
    };
  } else if (!activeSince) {
    waiting = {
      rule: EligibilityRule.WAITING_PERIOD,
      met: false,
      ...because('waitingNotStarted', deathDay),
    };
  } else {
    // The later of the person's own start and the start of the membership's active spell: a
    // membership that lapsed and came back starts a new waiting period for everyone.
    const own =
      deceased.kind === DeceasedKind.ACCOUNT_HOLDER
        ? (paymentsBefore[0]?.at ?? null)
        : deceased.addedAt;
    waiting =
      own && dayOf(own) >= dayOf(activeSince)
        ? deceased.kind === DeceasedKind.ACCOUNT_HOLDER
          ? waitingResult(dayOf(own), 'firstPayment', on(own))
          : waitingResult(dayOf(own), 'added', name, on(deceased.addedAt))
        : waitingResult(dayOf(activeSince), regained ? 'regained' : 'active', on(activeSince));
  }
  rules.push(waiting);

  // 4. Were dues in arrears?
  const dues = paymentsBefore.filter((payment) => payment.type !== 'other');
  const lastDues = dues[dues.length - 1];
  if (!lastDues) {
    rules.push({
      rule: EligibilityRule.DUES_CURRENT,
      met: false,
      ...because('noDuesPayment', deathDay),
    });
  } else {
    const gap = daysBetween(dayOf(lastDues.at), death);
    const met = gap <= DUES_GRACE_DAYS;
    rules.push({
      rule: EligibilityRule.DUES_CURRENT,
      met,
      ...(met
        ? because('duesPaidUp', on(lastDues.at), gap)
        : because('duesInArrears', on(lastDues.at), gap, DUES_GRACE_DAYS)),
    });
  }

  // 5. Did the claim come inside the window?
  const reported = dayOf(facts.reportedAt);
  const late = daysBetween(death, reported);
  const window = settings.claimWindowDays;
  const inside = late <= window;
  rules.push({
    rule: EligibilityRule.CLAIM_WINDOW,
    met: inside || facts.windowOverride,
    ...because(
      inside ? 'insideWindow' : facts.windowOverride ? 'outsideWindowAccepted' : 'outsideWindow',
      on(reported),
      late,
      window,
    ),
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
