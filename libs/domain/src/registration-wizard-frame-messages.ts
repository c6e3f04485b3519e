import { CommonWords } from './common-words';

/**
 * The registration wizard's frame (its title, the steps by name, where the member is, its
 * loaders): part of RegistrationWizardMessages, which names these (same namespace, same keys),
 * in a file of its own so that step 1's first load (issue 26) does not carry the later steps'
 * texts. Screens read it as `useMessages({ RegistrationWizardMessages: RegistrationWizardFrameMessages })`.
 */
export const RegistrationWizardFrameMessages = {
  title: 'Membership Registration',
  intro:
    'Five short steps. Once your account is created, your progress is saved: you can stop and come back at any time.',
  documentTitle: (step: string) => `Registration: ${step}`,
  loadingRegistration: 'Loading your registration…',
  loading: CommonWords.loading,
  stepPersonalInfo: CommonWords.personalInformation,
  stepVerification: 'Verification',
  stepHousehold: 'Household Members',
  stepRegistrationPayment: 'Registration Payment',
  stepMembershipSetup: 'Membership Setup',
  stepOf: (number: number | string, total: number | string, title: string) =>
    `Step ${number} of ${total}: ${title}`,
  percentComplete: (percent: number | string) => `${percent}% complete`,
  progressLabel: 'Registration progress',
  stepsLabel: 'Registration steps',
  stepDone: '(done)',
};
