import { Relationship } from './household.schema';
import type { SiteSettingsValues } from './settings';
import { CaseWords } from './case-words';
import { RegistrationWizardMessages } from './registration-wizard-messages';

/** Membership of a household (spec section 4). Keys are GraphQL names; values are stored. */
export enum MembershipStatus {
  PENDING = 'pending',
  ACTIVE = 'active',
  INACTIVE = 'inactive',
}

export enum PaymentStatus {
  PENDING = 'pending',
  COMPLETED = 'completed',
  FAILED = 'failed',
  CANCELLED = 'cancelled',
}

export enum PaymentType {
  REGISTRATION = 'registration',
  MEMBERSHIP = 'membership',
  OTHER = 'other',
}

/** The provider's subscription states that JIBS shows. */
export enum SubscriptionStatus {
  INCOMPLETE = 'incomplete',
  ACTIVE = 'active',
  PAST_DUE = 'past_due',
  CANCELED = 'canceled',
  UNPAID = 'unpaid',
}

export enum CheckoutKind {
  REGISTRATION = 'registration',
  SUBSCRIPTION = 'subscription',
  HOUSEHOLD_MEMBER = 'household_member',
}

export enum CheckoutState {
  OPEN = 'open',
  COMPLETED = 'completed',
  FAILED = 'failed',
  EXPIRED = 'expired',
}

/** Three consecutive missed monthly payments make a membership inactive (spec section 9). */
export const MISSED_PAYMENTS_LIMIT = 3;
export const BILLING_CURRENCY = 'usd';

export type FeeSettings = Pick<SiteSettingsValues, 'registrationFee' | 'memberFee' | 'monthlyDues'>;

/** What the fee depends on. */
export interface FeeMember {
  firstName?: string;
  lastName?: string;
  relationship: Relationship;
  isWorkingFullTime: boolean | null;
  isDependentParent: boolean | null;
}

export interface FeeLine {
  /** In English, for other callers; a client words a member's line from its parts below. */
  label: string;
  /** Cents. */
  amount: number;
  /** A household member's line: their relationship and name ('' when none was given). */
  relationship?: Relationship;
  name?: string;
}

/** All amounts in cents. */
export interface FeeQuote {
  baseFee: number;
  memberLines: FeeLine[];
  registrationTotal: number;
  monthlyDues: number;
  /** registrationTotal + the first month's dues. */
  dueToday: number;
}

const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  [Relationship.SPOUSE]: CaseWords.spouse,
  [Relationship.CHILD]: CaseWords.child,
  [Relationship.PARENT]: CaseWords.parent,
};

/** Each spouse, each child not working full time and each dependent parent carries the member fee. */
export function isFeeBearing(member: FeeMember): boolean {
  switch (member.relationship) {
    case Relationship.SPOUSE:
      return true;
    case Relationship.CHILD:
      return member.isWorkingFullTime !== true;
    case Relationship.PARENT:
      return member.isDependentParent === true;
  }
}

export function memberFee(member: FeeMember, settings: FeeSettings): number {
  return isFeeBearing(member) ? settings.memberFee : 0;
}

const fullName = (member: FeeMember) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ');

/** A member's fee line in English ("Spouse: Aisha Rahman"); clients word it in the reader's language. */
export function memberFeeLabel(member: FeeMember): string {
  const name = fullName(member);
  const kind = RELATIONSHIP_LABELS[member.relationship];
  return name ? RegistrationWizardMessages.memberFeeLine(kind, name) : kind;
}

/** A household member's fee line: English label and the parts a client words it from. */
export function memberFeeLine(member: FeeMember, amount: number): FeeLine {
  return {
    label: memberFeeLabel(member),
    amount,
    relationship: member.relationship,
    name: fullName(member),
  };
}

/** The registration fee for a household, with one line per member who carries a fee. */
export function quoteRegistration(members: FeeMember[], settings: FeeSettings): FeeQuote {
  const memberLines = members
    .filter(isFeeBearing)
    .map((member) => memberFeeLine(member, settings.memberFee));
  const registrationTotal =
    settings.registrationFee + memberLines.reduce((sum, line) => sum + line.amount, 0);
  return {
    baseFee: settings.registrationFee,
    memberLines,
    registrationTotal,
    monthlyDues: settings.monthlyDues,
    dueToday: registrationTotal + settings.monthlyDues,
  };
}
