import { AdminLayoutMessages } from './admin-console-messages';
import { AdminOpsMessages } from './admin-ops-messages';
import { CommonWords } from './common-words';
import { DashboardMessages } from './dashboard-messages';
import { HeaderMessages } from './header-messages';
import { SignInMessages } from './sign-in-messages';
import { MemorialPageMessages } from './memorial-page-messages';
import { RegistrationWizardMessages } from './registration-wizard-messages';
import { CaseWords } from './case-words';

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
  covered: AdminOpsMessages.covered,
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
  remove: MemorialPageMessages.remove,
  removeMember: (name: string) => `Remove ${name}`,
  continueRegistration: 'Continue registration',
  removeTitle: 'Remove household member?',
  removeText: (name: string) =>
    `${name} will no longer be covered by your membership. Fees already paid are not refunded automatically; please contact us about a refund.`,
  keep: AdminOpsMessages.keep,
  paymentReceivedTitle: 'Payment Received',
  nowCovered: (name: string) => `${name} is now covered by your membership.`,
  addTitle: 'Add a household member',
  certifySameAddress: 'I certify that this person lives at the same address as me',
  paymentRequired: 'Payment Required',
  cancelPayment: 'Cancel Payment',
  checkoutOpened: 'The payment page opened in a new tab. This page updates once it is paid.',
} as const;

/** The profile's Security dialogs: turning two-step sign-in on and off, new recovery codes. */
export const AccountSecurityDialogMessages = {
  authenticatorTitle: 'Turn on an authenticator app',
  authenticatorOn: 'Your authenticator app is on. Your recovery codes have not changed.',
  done: 'Done',
  cancel: CommonWords.cancel,
  addToApp: 'Add JIBS to your app',
  addToAppText:
    'From then on, signing in asks for the 6-digit code the app shows after your password.',
  turnOn: 'Turn On',
  newCodesTitle: 'New recovery codes',
  newCodesText: 'Your current recovery codes stop working as soon as the new ones are made.',
  currentPassword: 'Current password',
  makeNewCodes: 'Make New Codes',
  codesFileTitle: 'JIBS recovery codes',
  codesFileText: 'Each code can be used once instead of the code from your phone when you sign in.',
  smsTitle: 'Turn on codes by text message',
  smsOn: 'Codes by text message are on. Your recovery codes have not changed.',
  verifyPhone: 'Verify your phone number',
  textedCode: (phone: string) =>
    `We texted a 6-digit code to ${phone}. It can be used for 10 minutes.`,
  verifyAndTurnOn: 'Verify and Turn On',
  smsIntro: (phone: string) =>
    `After your password, signing in will ask for a 6-digit code that we text to ${phone}.`,
  smsVerifyFirst: (phone: string) =>
    `After your password, signing in will ask for a 6-digit code that we text to ${phone}. First, we text a code to this number to make sure it is yours.`,
  turnOffAuthenticatorTitle: 'Turn off the authenticator app',
  turnOffSmsTitle: 'Turn off codes by text message',
  securityUpdated: 'Security updated',
  turnedOff: (change: string) => `${change}: done.`,
  turnOffAuthenticatorText:
    'Signing in will no longer ask for a code from your app. Enter your password and a code from the app (or one of your recovery codes).',
  turnOffSmsText: 'Signing in will no longer text you a code. Enter your password to confirm.',
  codeOrRecoveryCode: 'Code from your app, or a recovery code',
  keepItOn: 'Keep It On',
  turnOff: 'Turn Off',
} as const;

/** The profile's monthly dues card (spec 2, Subscription card). */
export const AccountSubscriptionMessages = {
  title: 'Monthly Membership',
  loading: 'Loading your subscription…',
  loadFailed: 'We could not load your subscription just now.',
  incomplete: CommonWords.incomplete,
  active: DashboardMessages.active,
  pastDue: CommonWords.pastDue,
  canceled: CommonWords.canceled,
  unpaid: CommonWords.unpaid,
  endsAtPeriodEnd: 'Ends at the end of the current period',
  monthlyAmount: 'Monthly amount',
  perMonth: (amount: string) => `${amount} / month`,
  periodStarted: 'Current period started',
  periodEnds: 'Current period ends',
  needsAttention:
    'Your monthly dues need attention. Please update your card so your household stays covered.',
  updateCard: 'Update card',
  cancelSubscription: 'Cancel Subscription',
  cancelTitle: 'Cancel your monthly dues?',
  cancelText:
    "Your subscription will end at the current period end. Without monthly dues, your household's membership will lapse.",
  cancelTextOn: (date: string) =>
    `Your subscription will end at the current period end (${date}). Without monthly dues, your household's membership will lapse.`,
  keepSubscription: 'Keep Subscription',
  duesKeepCover: "Monthly dues keep your household's burial assistance in place.",
  setUpMonthlyDues: 'Set Up Monthly Dues',
  setUpMonthlyDuesFor: (amount: string) => `Set Up Monthly Dues (${amount})`,
} as const;

/** The profile's Backup and Restore section (spec 3: a member's own backup). */
export const AccountBackupMessages = {
  title: 'Backup and Restore',
  intro:
    'Download a backup of your profile, household, death reports, documents (their details, not the files) and payments. Restoring it brings back any of your death reports that are missing, as new reports awaiting review; nothing is restored twice, and payments, statuses and roles are never changed from a file.',
  download: 'Download Backup',
  creating: 'Creating backup...',
  file: 'Backup file',
  chooseFile: 'Choose a backup (.json)',
  clearFile: 'Clear backup file',
  restore: 'Restore',
  restoring: 'Restoring...',
  notABackup: 'This file is not a JIBS backup.',
  unsupportedVersion: 'This backup was made by a version of JIBS that cannot be restored here.',
  otherAccount: 'This backup belongs to another account.',
  backupTitle: 'Backup Created',
  backupFailedTitle: 'Backup Failed',
  backupFailed: 'We could not create your backup. Please try again.',
  backupSaved: (filename: string) => `Backup saved as ${filename}`,
  restoreTitle: 'Restore Complete',
  restoreFailedTitle: 'Restore Failed',
  restoreFailed: 'We could not restore your backup. Please try again.',
  restoredNone: 'Nothing was missing: no records were restored.',
  restoredOne: '1 record was restored.',
  restoredMany: (count: string) => `${count} records were restored.`,
} as const;

/** The profile's panel while the registration fee is unpaid. */
export const AccountSessionMessages = {
  feeUnpaid: 'Your one-time registration fee has not been paid yet.',
  continueRegistration: 'Continue Registration',
} as const;

/** The Testing Interface (/testing): who is signed in, and a link to each screen (spec 2). */
export const AccountTestingMessages = {
  title: 'Testing Interface',
  intro: 'Check who is signed in and open any screen of the site.',
  currentUser: 'Current user',
  emailLabel: 'Email:',
  roleLabel: 'Role:',
  admin: HeaderMessages.admin,
  member: CommonWords.member,
  notSignedIn: 'Not signed in',
  adminScreens: 'Admin screens',
  adminsOnly: CommonWords.adminsOnly,
  memberScreens: 'Member screens',
  publicScreens: 'Public screens',
  adminDashboard: 'Admin dashboard',
  users: AdminLayoutMessages.users,
  deathReports: AdminOpsMessages.tableDeathReports,
  documents: CommonWords.documents,
  settings: AdminLayoutMessages.settings,
  dashboard: DashboardMessages.title,
  submitDeathReport: 'Submit death report',
  uploadDocuments: 'Upload documents',
  profile: CommonWords.profile,
  signIn: SignInMessages.signIn,
  register: HeaderMessages.register,
  home: CommonWords.home,
  signOut: HeaderMessages.signOut,
  headerSignIn: HeaderMessages.signIn,
} as const;
