import { cleanText } from './invisible-text';
import { Messages } from './messages';
import { DateTexts } from './date-texts';

/** Household members of a registered member (spec sections 3, 5 and 9). */
export enum Relationship {
  SPOUSE = 'spouse',
  CHILD = 'child',
  PARENT = 'parent',
}

/** Where a household member's $25 stands. */
export enum MemberFeeStatus {
  /** Counted in the registration fee (added during registration). */
  IN_REGISTRATION = 'in_registration',
  /** Added after registration; its fee is not paid yet. */
  PAYMENT_DUE = 'payment_due',
  PAID = 'paid',
  /** A child working full time, or a parent not dependent: no fee. */
  NO_FEE = 'no_fee',
}

/** More than any real household; keeps one request from storing thousands of rows. */
export const MAX_HOUSEHOLD_MEMBERS = 20;
export const MAX_NAME_LENGTH = 100;

export const HouseholdMessages = {
  validationErrorTitle: 'Validation Error',
  firstNameRequired: 'Please enter the first name for all household members',
  lastNameAndBirthDateRequired:
    'Please enter the last name and date of birth for all household members',
  relationshipRequired: 'Please choose the relationship for all household members',
  sameAddressRequired: 'You must certify that all household members live at the same address',
  childCertificationRequired:
    'Please certify that each child is unmarried and not working full-time',
  parentCertificationRequired: 'Please certify that each parent is financially dependent on you',
  invalidBirthDate: Messages.invalidDateOfBirth,
  futureBirthDate: DateTexts.birthDateInFuture,
  nameTooLong: `Names can be at most ${MAX_NAME_LENGTH} characters`,
  tooManyMembers: `A household can have at most ${MAX_HOUSEHOLD_MEMBERS} members`,
  profileFieldsRequired: 'Please fill in all required fields for the household member',
  registrationRequired:
    'Registration Required: Please complete your registration payment before adding household members',
  registrationAlreadyPaid:
    'Your registration fee is already paid; add household members from your profile',
  householdSaveFailed: 'Household members may not have been saved. Please contact support.',
  /** The 'Payment Required' modal for a member added after registration (spec 2). */
  payToAddMember: (name: string) => `Pay to add ${name} to your household`,
} as const;

/** A household member as a form sends it: anything may be missing. */
export interface HouseholdMemberDraft {
  firstName?: string | null;
  lastName?: string | null;
  relationship?: Relationship | null;
  dateOfBirth?: string | null;
  childCertified?: boolean | null;
  isWorkingFullTime?: boolean | null;
  parentCertified?: boolean | null;
}

/** A household member that passed the rules, ready to store. */
export interface ValidHouseholdMember {
  firstName: string;
  lastName: string;
  relationship: Relationship;
  dateOfBirth: string;
  /** Children only; null otherwise. */
  isWorkingFullTime: boolean | null;
  /** Parents only; null otherwise. */
  isDependentParent: boolean | null;
}

export type HouseholdValidation<T> =
  { ok: true; value: T } | { ok: false; fieldErrors: Record<string, string> };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (YYYY-MM-DD), not before 1900 and not after `today`. */
export function birthDateProblem(value: string, today: Date = new Date()): string | null {
  const match = ISO_DATE.exec(value);
  if (!match) return HouseholdMessages.invalidBirthDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    year < 1900
  )
    return HouseholdMessages.invalidBirthDate;
  if (value > today.toISOString().slice(0, 10)) return HouseholdMessages.futureBirthDate;
  return null;
}

/**
 * One member's rules. `wizard` (registration step 3) asks for each certification; `profile`
 * (added after registration) asks only for the required fields, as the profile form does, and
 * takes the parent's 'financially dependent' box as the answer (unticked: no fee).
 *
 * A child who works full time is accepted without the 'unmarried and not working full-time'
 * certification: they are stored with isWorkingFullTime true and carry no fee.
 */
export function validateHouseholdMember(
  draft: HouseholdMemberDraft,
  mode: 'wizard' | 'profile',
  prefix = '',
  today: Date = new Date(),
): HouseholdValidation<ValidHouseholdMember> {
  const errors: Record<string, string> = {};
  const firstName = cleanText(draft.firstName ?? '');
  const lastName = cleanText(draft.lastName ?? '');
  const dateOfBirth = cleanText(draft.dateOfBirth ?? '');
  const required = (field: string, wizardMessage: string) => {
    errors[prefix + field] =
      mode === 'wizard' ? wizardMessage : HouseholdMessages.profileFieldsRequired;
  };
  if (!firstName) required('firstName', HouseholdMessages.firstNameRequired);
  else if (firstName.length > MAX_NAME_LENGTH)
    errors[prefix + 'firstName'] = HouseholdMessages.nameTooLong;
  if (!lastName) required('lastName', HouseholdMessages.lastNameAndBirthDateRequired);
  else if (lastName.length > MAX_NAME_LENGTH)
    errors[prefix + 'lastName'] = HouseholdMessages.nameTooLong;
  if (!draft.relationship) required('relationship', HouseholdMessages.relationshipRequired);
  if (!dateOfBirth) required('dateOfBirth', HouseholdMessages.lastNameAndBirthDateRequired);
  else {
    const problem = birthDateProblem(dateOfBirth, today);
    if (problem) errors[prefix + 'dateOfBirth'] = problem;
  }
  const isWorkingFullTime =
    draft.relationship === Relationship.CHILD ? !!draft.isWorkingFullTime : null;
  const isDependentParent =
    draft.relationship === Relationship.PARENT ? !!draft.parentCertified : null;
  if (mode === 'wizard') {
    if (draft.relationship === Relationship.CHILD && !isWorkingFullTime && !draft.childCertified)
      errors[prefix + 'childCertified'] = HouseholdMessages.childCertificationRequired;
    if (draft.relationship === Relationship.PARENT && !draft.parentCertified)
      errors[prefix + 'parentCertified'] = HouseholdMessages.parentCertificationRequired;
  }
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      firstName,
      lastName,
      relationship: draft.relationship!,
      dateOfBirth,
      isWorkingFullTime,
      isDependentParent,
    },
  };
}

/** Registration step 3: the whole household and the same-address certification. */
export function validateHousehold(
  input: { members?: HouseholdMemberDraft[] | null; sameAddressCertified?: boolean | null },
  today: Date = new Date(),
): HouseholdValidation<ValidHouseholdMember[]> {
  const drafts = input.members ?? [];
  if (drafts.length > MAX_HOUSEHOLD_MEMBERS)
    return { ok: false, fieldErrors: { members: HouseholdMessages.tooManyMembers } };
  const errors: Record<string, string> = {};
  const members: ValidHouseholdMember[] = [];
  drafts.forEach((draft, index) => {
    const result = validateHouseholdMember(draft, 'wizard', `members.${index}.`, today);
    if (result.ok) members.push(result.value);
    else Object.assign(errors, result.fieldErrors);
  });
  if (drafts.length > 0 && !input.sameAddressCertified)
    errors['sameAddressCertified'] = HouseholdMessages.sameAddressRequired;
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  return { ok: true, value: members };
}
