import { RegistrationWizardFrameMessages } from '@jibs/domain';

/** The registration wizard's steps, in order (spec 2 and 4). */
export type WizardStep =
  | 'personal-info'
  | 'verification'
  | 'household-members'
  | 'registration-payment'
  | 'subscription-setup';

type StepTitle =
  | 'stepPersonalInfo'
  | 'stepVerification'
  | 'stepHousehold'
  | 'stepRegistrationPayment'
  | 'stepMembershipSetup';

export interface WizardStepInfo {
  key: WizardStep;
  /** 1 to 5. */
  number: number;
  title: string;
  /** The title's message, for the reader's language. */
  titleKey: StepTitle;
  /** Percent complete while on this step. */
  progress: number;
}

export const WIZARD_STEPS: readonly WizardStepInfo[] = [
  {
    key: 'personal-info',
    number: 1,
    title: RegistrationWizardFrameMessages.stepPersonalInfo,
    titleKey: 'stepPersonalInfo',
    progress: 20,
  },
  {
    key: 'verification',
    number: 2,
    title: RegistrationWizardFrameMessages.stepVerification,
    titleKey: 'stepVerification',
    progress: 40,
  },
  {
    key: 'household-members',
    number: 3,
    title: RegistrationWizardFrameMessages.stepHousehold,
    titleKey: 'stepHousehold',
    progress: 60,
  },
  {
    key: 'registration-payment',
    number: 4,
    title: RegistrationWizardFrameMessages.stepRegistrationPayment,
    titleKey: 'stepRegistrationPayment',
    progress: 80,
  },
  {
    key: 'subscription-setup',
    number: 5,
    title: RegistrationWizardFrameMessages.stepMembershipSetup,
    titleKey: 'stepMembershipSetup',
    progress: 100,
  },
];

export function stepInfo(step: WizardStep): WizardStepInfo {
  return WIZARD_STEPS.find((info) => info.key === step) ?? WIZARD_STEPS[0]!;
}

/** Where each step's Back button leads (spec 4); the first step has none. */
export function previousStep(step: WizardStep): WizardStep | null {
  const index = WIZARD_STEPS.findIndex((info) => info.key === step);
  return index > 0 ? WIZARD_STEPS[index - 1]!.key : null;
}

/** The payment summary accompanies the steps that lead to a payment (spec 2). */
export function showsPaymentSummary(step: WizardStep): boolean {
  return step === 'verification' || step === 'household-members' || step === 'registration-payment';
}

/**
 * The steps the address may ask for with `?step=`: where the payment pages send the member back
 * to (spec 2 and 4). Any other value is ignored.
 */
export function requestedStep(param: string | null): WizardStep | null {
  return param === 'registration-payment' || param === 'subscription-setup' ? param : null;
}

export interface ResumeFacts {
  signedIn: boolean;
  /** Signed out with a sign-up waiting for its emailed code (see pending-sign-up.ts). */
  pendingSignUp?: boolean;
  /** `me.verified` from the server; irrelevant when signed out. */
  verified: boolean;
  /** `me.registrationFeePaid` (billing). */
  registrationFeePaid: boolean;
  /** From `?step=`, already filtered by `requestedStep`. */
  requested: WizardStep | null;
}

/**
 * The step the wizard opens on, from what the server knows: a visitor starts at the beginning,
 * or at the code entry (step 2) when this tab started a sign-up whose code is still valid;
 * an account waits for verification before anything else; a verified member whose fee is unpaid
 * continues with the household (the household may be empty), or with the registration payment
 * when returning from checkout; once the fee is paid only membership setup remains.
 */
export function resumeStep({
  signedIn,
  pendingSignUp = false,
  verified,
  registrationFeePaid,
  requested,
}: ResumeFacts): WizardStep {
  if (!signedIn) return pendingSignUp ? 'verification' : 'personal-info';
  if (!verified) return 'verification';
  if (registrationFeePaid) return 'subscription-setup';
  // Membership setup needs the registration fee first.
  return requested ? 'registration-payment' : 'household-members';
}
