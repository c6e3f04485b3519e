import { CommonWords } from './common-words';
import { RegistrationWizardFrameMessages } from './registration-wizard-frame-messages';
/**
 * The registration wizard's own texts (steps 1 to 5 around the forms, the code entry, the
 * payment summary), translated like every other message (issue 27). Labels of the form itself
 * are RegistrationMessages'.
 */
export const RegistrationWizardMessages = {
  title: RegistrationWizardFrameMessages.title,
  intro: RegistrationWizardFrameMessages.intro,
  documentTitle: RegistrationWizardFrameMessages.documentTitle,
  loadingRegistration: RegistrationWizardFrameMessages.loadingRegistration,
  /** A household member's fee line in the payment summary: relationship, then name. */
  memberFeeLine: (relationship: string, name: string) => `${relationship}: ${name}`,
  loading: RegistrationWizardFrameMessages.loading,
  loadFailedTitle: 'We could not load your registration',
  stepPersonalInfo: RegistrationWizardFrameMessages.stepPersonalInfo,
  stepVerification: RegistrationWizardFrameMessages.stepVerification,
  stepHousehold: RegistrationWizardFrameMessages.stepHousehold,
  stepRegistrationPayment: RegistrationWizardFrameMessages.stepRegistrationPayment,
  stepMembershipSetup: RegistrationWizardFrameMessages.stepMembershipSetup,
  stepOf: RegistrationWizardFrameMessages.stepOf,
  percentComplete: RegistrationWizardFrameMessages.percentComplete,
  progressLabel: RegistrationWizardFrameMessages.progressLabel,
  stepsLabel: RegistrationWizardFrameMessages.stepsLabel,
  stepDone: RegistrationWizardFrameMessages.stepDone,
  back: 'Back',
  continue: 'Continue',
  verify: 'Verify',
  accountCreatedTitle: 'Your account has been created',
  accountCreated:
    'These are the details you gave. Your phone number and address can be changed on your profile once registration is complete.',
  fullName: CommonWords.fullName,
  // Sign-up code (step 2 for a new account).
  verifyEmailHeading: 'Verify your email',
  signUpCodeSent: (sentTo: string, time: string) =>
    `We sent a 6-digit code to ${sentTo}. It can be used until ${time}. Your account is created when you enter it.`,
  emailsTakeAMinute:
    'Emails can take a minute to arrive. Please also look in your spam or junk folder.',
  noCodeGoBack:
    'No code, or it has expired? Go back, check your email address and choose Create Account again: we will send a new code.',
  changeMyDetails: 'Change my details',
  // Step 2, method selection.
  methodSms: 'Text message (SMS)',
  methodTotp: CommonWords.authenticatorApp,
  emailAndPasswordOnly: 'Email and password only',
  emailVerifiedSignIn: (email: string) =>
    `Your email ${email} is verified. Sign in with your password alone.`,
  smsEachSignIn: (phone: string) =>
    `We text a 6-digit code to ${phone} now, to verify it, and each time you sign in.`,
  noPhone: 'There is no phone number on your account.',
  totpEachSignIn:
    'An app such as Google Authenticator or Microsoft Authenticator shows the code you enter each time you sign in.',
  emailCodeTo: (email: string) => `We will email a 6-digit code to ${email}.`,
  smsCodeTo: (phone: string) => `We will text a 6-digit code to ${phone}.`,
  totpVerify:
    'Use an app such as Google Authenticator or Microsoft Authenticator on your phone. It also protects your sign-in.',
  setUpAuthenticator: 'Set Up Authenticator',
  sendCode: 'Send Code',
  emailVerifiedTitle: 'Your email is verified',
  oneMoreChoice: 'One more choice: how should we check that it is you when you sign in?',
  verifySignInsHeading: 'How would you like to verify your sign-ins?',
  verifyAccountHeading: 'How would you like to verify your account?',
  secondFactorWhy:
    'A code from your phone after your password keeps your account safe even if your password is stolen. You can change this later on your profile.',
  verifyWhy:
    'Verifying confirms that the contact details are yours, so we can reach you when it matters.',
  twoStepOn: 'Two-step sign-in is on',
  accountVerifiedTitle: 'Your account is verified',
  signInAsksTotp:
    'Signing in also asks for the code from your authenticator app. You can change this on your profile, under Security.',
  signInAsksSms:
    'Signing in also asks for a code texted to your phone. You can change this on your profile, under Security.',
  // Step 2, code entry (the code boxes are shared with sign-in and security).
  codeLabel: CommonWords.verificationCode,
  digitOf: (number: number | string, total: number | string) => `Digit ${number} of ${total}`,
  enterCodeHeading: 'Enter your verification code',
  codeSentByEmail: (sentTo: string, time: string) =>
    `We sent a 6-digit code by email to ${sentTo}. It can be used until ${time}.`,
  codeSentBySms: (sentTo: string, time: string) =>
    `We sent a 6-digit code by text message to ${sentTo}. It can be used until ${time}.`,
  didntGetIt: "Didn't get it?",
  newCodeIn: (wait: string) => `You can ask for a new code in ${wait}.`,
  sendingNewCode: 'Sending a new code…',
  sendNewCode: 'Send a new code',
  chooseAnotherWay: 'Choose another way',
  // Step 2, authenticator.
  totpHeading: CommonWords.setUpAuthenticator,
  totpIntro:
    'The app shows a new 6-digit code every 30 seconds. You will also use it when you sign in.',
  totpCodeHint: CommonWords.appCodeHint,
  // Step 3, household.
  loadingHousehold: 'Loading your household…',
  householdIntro:
    'Add your spouse, children and dependent parents who live with you. Each one who is covered adds to the one-time registration fee, as the summary shows. If you have no one to add, simply continue.',
  householdLoadFailed:
    'We could not load the household members you saved before. You can add them again here.',
  householdNotSaved: 'Household not saved',
  householdMember: (number: number | string) => `Household member ${number}`,
  removeHouseholdMember: (number: number | string) => `Remove household member ${number}`,
  addHouseholdMember: 'Add household member',
  sameAddress: 'I certify that all household members live at the same address as me',
  // Payment summary (steps 2 to 4).
  paymentSummary: 'Payment Summary',
  baseFee: 'Base registration fee',
  registrationTotal: 'Registration total',
  monthlyDues: 'Monthly dues',
  perMonth: '/ month',
  dueToday: 'Due Today',
  includesFirstMonth: "Includes first month's membership",
  nothingChargedYet: 'Nothing is charged until the payment step.',
  loadingFees: 'Loading the fees…',
  feesNotLoaded: 'We could not load the fees just now.',
  // Step 4, registration payment.
  loadingFee: 'Loading your registration fee…',
  feeNotLoadedTitle: 'We could not load your fee',
  feeNotLoaded: 'Please try again in a moment. Nothing has been charged.',
  feePaidTitle: 'Registration fee paid',
  feePaid: (amount: string) =>
    `Your one-time registration fee of ${amount} is paid. Nothing more is due on this step.`,
  feeIntro:
    "The one-time registration fee covers your household. You will pay it securely on our payment provider's page and come back here afterwards.",
  householdMembers: 'Household members',
  registrationFee: 'Registration fee',
  monthlyDuesNextStep: 'Monthly dues (next step)',
  amountPerMonth: (amount: string) => `${amount} / month`,
  togetherDueToday: (amount: string) =>
    `After this payment, the last step sets up your monthly dues; together they make the ${amount} due today.`,
  pay: (amount: string) => `Pay ${amount}`,
  // Step 5, membership setup.
  membershipActive: 'Your registration and monthly dues are set up. Thank you.',
  feeIsPaid: 'Your registration fee is paid. One step remains: your monthly membership dues.',
  duesExplained: (dues: string) =>
    `Monthly dues of ${dues} keep your household's burial assistance in place. They are charged automatically each month; you can update your card or cancel from your profile.`,
  setUpDues: (dues: string) => `Set Up Monthly Dues (${dues})`,
  perMonthShort: (amount: string) => `${amount}/month`,
  monthly: 'monthly',
} as const;
