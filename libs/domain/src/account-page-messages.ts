import { CommonWords } from './common-words';
import { DashboardMessages } from './dashboard-messages';

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
