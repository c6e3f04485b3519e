import { CaseWords } from './case-words';
import { CommonWords } from './common-words';
import { RegistrationWizardMessages } from './registration-wizard-messages';

/**
 * The profile's Household Members section, the member fields both household forms show and the
 * 'Payment Required' dialog of a member added after registration (spec 2).
 */
export const HouseholdPageMessages = {
  title: RegistrationWizardMessages.stepHousehold,
  relationship: CommonWords.relationship,
  choose: CommonWords.choose,
  spouse: CaseWords.spouse,
  child: CaseWords.child,
  parent: CaseWords.parent,
  childWorksNoFee: 'This child works full time (no fee; not covered as a dependent)',
  certifyChild: 'I certify that this child is unmarried and not working full-time',
  childWorks: 'This child works full time',
  childWorksText: 'A child working full time is listed without a fee.',
  certifyParent: 'I certify that this parent is financially dependent on you',
  parentDependent: 'This parent is financially dependent on you',
  parentDependentText: 'A dependent parent is covered for the member fee.',
  covered: CommonWords.covered,
  paid: CommonWords.paid,
  paymentDue: 'Payment due',
  noFee: 'No fee',
  loadFailed: 'We could not load your household members just now.',
  none: 'No household members have been added.',
  /** A member's line under their name: "Child · born March 4, 2015 · works full time". */
  born: (relationship: string, date: string) => `${relationship} · born ${date}`,
  bornWorking: (relationship: string, date: string) =>
    `${relationship} · born ${date} · works full time`,
  pay: (amount: string) => `Pay ${amount}`,
  remove: CommonWords.remove,
  removeMember: (name: string) => `Remove ${name}`,
  continueRegistration: 'Continue registration',
  removeTitle: 'Remove household member?',
  removeText: (name: string) =>
    `${name} will no longer be covered by your membership. Fees already paid are not refunded automatically; please contact us about a refund.`,
  keep: CommonWords.keep,
  paymentReceivedTitle: 'Payment Received',
  nowCovered: (name: string) => `${name} is now covered by your membership.`,
  addTitle: 'Add a household member',
  certifySameAddress: 'I certify that this person lives at the same address as me',
  paymentRequired: 'Payment Required',
  cancelPayment: 'Cancel Payment',
  checkoutOpened: 'The payment page opened in a new tab. This page updates once it is paid.',
} as const;
