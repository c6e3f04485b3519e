import { AccountSecurityMessages } from './account-security';
import { AdminUserMessages } from './admin-users';
import { BillingMessages, FlagReasons } from './billing-messages';
import { DataExportMessages, exportedAsMessage } from './data-export';
import { DeathReportMessages } from './death-report.schema';
import { DocumentMessages } from './documents';
import { FormMessages } from './form-messages';
import { HouseholdMessages } from './household.schema';
import { MemorialMessages } from './memorials';
import { Messages, requiredMessage, welcomeMessage } from './messages';
import { OfflinePaymentMessages } from './offline-payment.schema';
import { AdminMessages } from './admin-messages';
import { ClientMessages } from './client-messages';
import { PaymentMessages } from './payment-messages';
import { SiteMessages } from './site-messages';
import { VerificationMessages } from './verification-messages';
import { UploadMessages } from './uploads';
import { SecondFactorMessages } from './second-factor';
import { RequestMessages } from './request-limits';
import { AssistanceMessages } from './assistance';
import { AnniversaryMessages } from './anniversaries';
import { PayoutMessages } from './assistance-payouts';
import { CaseChecklistMessages } from './case-page';
import { CaseReportMessages, JanazahPageMessages } from './case-screen-messages';
import { CaseValueMessages } from './case-value-messages';
import { JanazahMessages } from './janazah';
import { PreferenceMessages } from './notification-preference-changes';
import { WebhookMessages } from './webhooks';
import { DeadLetterMessages } from './dead-letters';
import { AdminOpsMessages } from './admin-ops-messages';
import { LanguageMessages } from './languages';
import { HeaderMessages } from './header-messages';
import { LandingMessages } from './landing-messages';
import { LandingQuestionMessages } from './landing-question-messages';
import { LandingSectionMessages } from './landing-section-messages';
import { RegistrationMessages } from './registration-messages';
import { RegistrationWizardMessages } from './registration-wizard-messages';
import { SandboxCheckoutMessages } from './sandbox-checkout-messages';
import { MaintenancePageMessages } from './maintenance-page-messages';
import { RegistrationBillingMessages } from './registration-billing-messages';
import { DashboardMessages } from './dashboard-messages';
import {
  DocumentPageMessages,
  MemorialPageMessages,
  NotificationPageMessages,
} from './memorial-page-messages';
import { SignInMessages } from './sign-in-messages';
import { ActionMessages } from './action-messages';
import { PublicContactMessages } from './public-contact-messages';
import { PublicLayoutMessages } from './public-layout-messages';
import { SessionNoticeMessages } from './session-notice-messages';
import { PublicSignInMessages } from './public-sign-in-messages';
import { PublicSiteMessages } from './public-site-messages';
import { PublicTwoStepMessages } from './public-two-step-messages';
import { PublicFaqMessages } from './public-faq-messages';
import { MemberFieldMessages } from './member-field-messages';
import { CommonWords } from './common-words';
import { MemberProfileMessages, MemberSecurityMessages } from './member-page-messages';
import { MemberDashboardMessages } from './member-dashboard-messages';
import {
  AdminDashboardPageMessages,
  AdminLayoutMessages,
  AdminSentMessagesPageMessages,
  AdminReviewsPageMessages,
  AdminUserDetailsMessages,
  AdminUsersPageMessages,
} from './admin-console-messages';
import {
  AccountBackupMessages,
  AccountSecurityDialogMessages,
  AccountSubscriptionMessages,
  AccountSessionMessages,
} from './account-page-messages';
import { AccountTestingMessages } from './account-testing-messages';
import { HouseholdPageMessages } from './household-page-messages';
import {
  AdminBillingMessages,
  AdminDocumentsPageMessages,
  AdminReportReviewMessages,
  AdminSettingsPageMessages,
} from './admin-settings-messages';
import { AdminFieldWords } from './admin-field-words';
import { EligibilityReasonMessages, EligibilityRuleMessages } from './assistance';
import { StatementPdfMessages } from './statement-pdf-messages';

/**
 * Every message object of the product. A message is the spec's wording unless it is listed in
 * `PRODUCT_WORDING` (with the reason the product adds it); `spec-messages.spec.ts` asserts that
 * each of the spec's messages appears in the spec's text, so a drifted message fails a test.
 */
export const MessageCatalog = {
  Messages,
  AccountSecurityMessages,
  AdminUserMessages,
  BillingMessages,
  FlagReasons,
  DataExportMessages,
  DeathReportMessages,
  DocumentMessages,
  HouseholdMessages,
  MemorialMessages,
  OfflinePaymentMessages,
  PaymentMessages,
  ClientMessages,
  SiteMessages,
  AdminMessages,
  VerificationMessages,
  UploadMessages,
  FormMessages,
  SecondFactorMessages,
  RequestMessages,
  AssistanceMessages,
  PayoutMessages,
  JanazahMessages,
  CaseChecklistMessages,
  PreferenceMessages,
  AnniversaryMessages,
  WebhookMessages,
  DeadLetterMessages,
  LanguageMessages,
  /** The screens' own texts (issue 27: translated like every other message). */
  HeaderMessages,
  LandingMessages,
  LandingQuestionMessages,
  LandingSectionMessages,
  RegistrationMessages,
  RegistrationWizardMessages,
  SandboxCheckoutMessages,
  MaintenancePageMessages,
  RegistrationBillingMessages,
  DashboardMessages,
  SignInMessages,
  ActionMessages,
  PublicLayoutMessages,
  PublicSignInMessages,
  PublicTwoStepMessages,
  PublicContactMessages,
  PublicSiteMessages,
  PublicFaqMessages,
  MemorialPageMessages,
  DocumentPageMessages,
  NotificationPageMessages,
  MemberProfileMessages,
  MemberSecurityMessages,
  MemberDashboardMessages,
  MemberFieldMessages,
  CommonWords,
  /** The admin console's screens (wt-i18n-admin). */
  AdminLayoutMessages,
  AdminDashboardPageMessages,
  AdminSentMessagesPageMessages,
  AdminUsersPageMessages,
  AdminUserDetailsMessages,
  AdminReviewsPageMessages,
  AdminOpsMessages,
  /** The household, security dialogs and subscription card (wt-i18n-account). */
  HouseholdPageMessages,
  AccountSecurityDialogMessages,
  AccountSubscriptionMessages,
  AccountBackupMessages,
  AccountSessionMessages,
  AccountTestingMessages,
  SessionNoticeMessages,
  /** The family's death report, case and janazah screens (wt-i18n-cases). */
  CaseReportMessages,
  CaseValueMessages,
  JanazahPageMessages,
  /** The console's last screens and the eligibility assessment (wt-i18n-admin3). */
  AdminSettingsPageMessages,
  AdminDocumentsPageMessages,
  AdminBillingMessages,
  AdminReportReviewMessages,
  AdminFieldWords,
  EligibilityRuleMessages,
  EligibilityReasonMessages,
  /** The receipt and statement PDFs billing renders (wt-pdf). */
  StatementPdfMessages,
  /** Messages written as functions of their own. */
  MessageFunctions: { exportedAsMessage, requiredMessage, welcomeMessage },
} as const;

type Catalog = typeof MessageCatalog;
type PerMessage<T> = { [N in keyof Catalog]?: { [K in keyof Catalog[N]]?: T } };

// Why the product words a message the spec does not give.
const LIMIT = 'a limit the product enforces; the spec sets none';
const SERVER_CHECK = 'a server-side check the product adds; the spec shows no server';
const SECURITY = 'a security rule the product adds (throttling, verification, second factor)';
const PRODUCT_FEATURE = 'a feature of the product the spec does not have';
const OWN_VOICE = "the situation is the spec's but it gives no wording; written in its voice";
const SCREEN_TEXT = "a screen's own text; the spec shows the screen but not these words";
const ADMIN_AUDIT = "an admin's view of payments the product flags and refunds";

/** Every message of an object the spec has no counterpart of, for one reason. */
function everyMessage<T extends object>(
  messages: T,
  reason: string,
  /** The object's messages the spec does word (checked against it). */
  spec: readonly (keyof T)[] = [],
): { [K in keyof T]: string } {
  const keys = Object.keys(messages).filter((key) => !spec.includes(key as keyof T));
  return Object.fromEntries(keys.map((key) => [key, reason])) as {
    [K in keyof T]: string;
  };
}

/** Messages the product adds: not in the spec, so not checked against it, each with why. */
export const PRODUCT_WORDING: PerMessage<string> = {
  Messages: {
    serviceUnavailable: 'an outage answer the product adds; the spec shows no services',
    tooManyAttemptsTitle: SECURITY,
    signInAgainTitle: SECURITY,
    registrationFailedTitle: OWN_VOICE,
    correctHighlightedFields: OWN_VOICE,
    invalidEmail: OWN_VOICE,
    invalidState: OWN_VOICE,
    invalidZip: OWN_VOICE,
    invalidDateOfBirth: OWN_VOICE,
    citizenshipRequired: OWN_VOICE,
    emailTaken: SERVER_CHECK,
    rateLimited: SECURITY,
    maintenance: OWN_VOICE,
    welcomeTitle: OWN_VOICE,
    signInThrottled: SECURITY,
    verificationCodeInvalid: OWN_VOICE,
    verificationCodeAttempts: SECURITY,
    verificationResendTooSoon: SECURITY,
    verificationTotpNoCode: OWN_VOICE,
    resetLinkInvalid: OWN_VOICE,
    challengeInvalid: SECURITY,
    formsThrottled: SECURITY,
  },
  AccountSecurityMessages: {
    smsNeedsPhone: SECURITY,
    totpSetupFirst: SECURITY,
    verificationSendsPerHour: SECURITY,
    onePerRequest: SECURITY,
    signUpsThrottled: SECURITY,
    currentCredentialRequired: SECURITY,
    currentCredentialInvalid: SECURITY,
  },
  AdminUserMessages: {
    unknownRole: SERVER_CHECK,
    unknownStatus: SERVER_CHECK,
    lastAdmin: SERVER_CHECK,
    userNotFound: SERVER_CHECK,
    limitOutOfRange: LIMIT,
    offsetOutOfRange: LIMIT,
    searchTooLong: LIMIT,
  },
  AdminMessages: {
    documentsLoadFailed: OWN_VOICE,
  },
  PaymentMessages: { registrationFeeReceived: OWN_VOICE },
  BillingMessages: { alreadySubscribed: SERVER_CHECK },
  VerificationMessages: { codeSent: OWN_VOICE },
  MessageFunctions: { requiredMessage: OWN_VOICE, welcomeMessage: OWN_VOICE },
  FlagReasons: {
    unknownCheckout: ADMIN_AUDIT,
    expiredCheckout: ADMIN_AUDIT,
    householdChanged: ADMIN_AUDIT,
    amountMismatch: ADMIN_AUDIT,
    registrationAlreadyPaid: ADMIN_AUDIT,
    memberRemoved: ADMIN_AUDIT,
    memberFeeAlreadyPaid: ADMIN_AUDIT,
    secondSubscription: ADMIN_AUDIT,
  },
  DataExportMessages: {
    dateRangeIncomplete: OWN_VOICE,
    invalidDate: OWN_VOICE,
    dateInFuture: OWN_VOICE,
    startAfterEnd: OWN_VOICE,
    exportFailedTitle: OWN_VOICE,
    exportFailed: OWN_VOICE,
  },
  DeathReportMessages: {
    dateOfDeathInvalid: OWN_VOICE,
    deceasedNameTooLong: LIMIT,
    placeOfDeathTooLong: LIMIT,
    notesTooLong: LIMIT,
    adminNotesTooLong: LIMIT,
    notPending: SERVER_CHECK,
  },
  DocumentMessages: { documentTypeRequired: OWN_VOICE },
  HouseholdMessages: {
    lastNameAndBirthDateRequired: OWN_VOICE,
    relationshipRequired: OWN_VOICE,
    childCertificationRequired: OWN_VOICE,
    parentCertificationRequired: OWN_VOICE,
    invalidBirthDate: OWN_VOICE,
    futureBirthDate: OWN_VOICE,
    nameTooLong: LIMIT,
    tooManyMembers: LIMIT,
    registrationAlreadyPaid: SERVER_CHECK,
  },
  MemorialMessages: {
    memoryPending: PRODUCT_FEATURE,
    fullNameRequired: OWN_VOICE,
    fullNameTooLong: LIMIT,
    locationTooLong: LIMIT,
    biographyTooLong: LIMIT,
    dateInvalid: OWN_VOICE,
    birthDateInFuture: OWN_VOICE,
    deathBeforeBirth: OWN_VOICE,
    privacyInvalid: OWN_VOICE,
    memoryTitleRequired: OWN_VOICE,
    memoryTitleTooLong: LIMIT,
    memoryContentRequired: OWN_VOICE,
    memoryContentTooLong: LIMIT,
    memoryDateInFuture: OWN_VOICE,
    memoryRateLimited: SECURITY,
    captionTooLong: LIMIT,
    emailInvalid: PRODUCT_FEATURE,
    inviteSelf: PRODUCT_FEATURE,
    alreadyInvited: PRODUCT_FEATURE,
    invitationNotFound: PRODUCT_FEATURE,
    emailNotVerified: PRODUCT_FEATURE,
    photoOrderInvalid: PRODUCT_FEATURE,
    profilePhotoInvalid: PRODUCT_FEATURE,
    memoryNotPending: PRODUCT_FEATURE,
    inactive: PRODUCT_FEATURE,
    photosNotReordered: PRODUCT_FEATURE,
    deactivatedTitle: PRODUCT_FEATURE,
    deactivated: PRODUCT_FEATURE,
    deactivateFailed: PRODUCT_FEATURE,
    photoAdded: PRODUCT_FEATURE,
  },
  OfflinePaymentMessages: {
    amountRequired: PRODUCT_FEATURE,
    amountNotPositive: PRODUCT_FEATURE,
    amountTooLarge: PRODUCT_FEATURE,
    amountNotCents: PRODUCT_FEATURE,
    methodRequired: PRODUCT_FEATURE,
    purposeRequired: PRODUCT_FEATURE,
    paidOnRequired: PRODUCT_FEATURE,
    paidOnInvalid: PRODUCT_FEATURE,
    paidOnInFuture: PRODUCT_FEATURE,
    paidOnBeforeMember: PRODUCT_FEATURE,
    noteTooLong: PRODUCT_FEATURE,
    referenceTooLong: PRODUCT_FEATURE,
    unknownMember: PRODUCT_FEATURE,
    registrationAlreadyPaid: PRODUCT_FEATURE,
    idempotencyKeyRequired: PRODUCT_FEATURE,
    keyReused: PRODUCT_FEATURE,
    recordedTitle: PRODUCT_FEATURE,
    recordedMessage: PRODUCT_FEATURE,
    recordFailedTitle: PRODUCT_FEATURE,
  },
  UploadMessages: {
    fileNameMissing: SERVER_CHECK,
    fileNameTooLong: LIMIT,
    empty: SERVER_CHECK,
    notFound: SERVER_CHECK,
    alreadyConfirmed: SERVER_CHECK,
  },
  SecondFactorMessages: {
    codeOrRecoveryFormat: SECURITY,
    passwordRequired: SECURITY,
    passwordInvalid: SECURITY,
    phoneNotVerified: SECURITY,
    authenticatorNotOn: SECURITY,
    smsNotOn: SECURITY,
    adminKeepsAuthenticator: SECURITY,
    phoneLockedBySms: SECURITY,
    noSecondFactor: SECURITY,
    phoneNumberNeeded: SECURITY,
    smsUnavailable: PRODUCT_FEATURE,
  },
  RequestMessages: {
    tooLarge: LIMIT,
    notJson: LIMIT,
  },
  /** Burial assistance (issue 23): the spec has no eligibility or claim. */
  AssistanceMessages: {
    householdMemberRequired: PRODUCT_FEATURE,
    householdMemberNotFound: PRODUCT_FEATURE,
    householdMemberOnlyWithKind: PRODUCT_FEATURE,
    covered: PRODUCT_FEATURE,
    notCovered: PRODUCT_FEATURE,
    reportNotApproved: PRODUCT_FEATURE,
    unknownCategory: PRODUCT_FEATURE,
    amountNotPositive: PRODUCT_FEATURE,
    amountNotWhole: PRODUCT_FEATURE,
    amountTooLarge: PRODUCT_FEATURE,
    payeeKindRequired: PRODUCT_FEATURE,
    payeeNameRequired: PRODUCT_FEATURE,
    payeeNameTooLong: PRODUCT_FEATURE,
    invoiceNotFound: PRODUCT_FEATURE,
    invoiceWrongType: PRODUCT_FEATURE,
    invoiceRejected: PRODUCT_FEATURE,
    outsideClaimWindow: PRODUCT_FEATURE,
    overrideNoteRequired: PRODUCT_FEATURE,
    overrideNoteTooLong: PRODUCT_FEATURE,
    windowAlreadyMet: PRODUCT_FEATURE,
    lineNotFound: PRODUCT_FEATURE,
  },
  // The capabilities after the spec's screens: payouts and the fund (issue 23), janazah notices,
  // the case page, notification choices and anniversaries (issue 24), outgoing webhooks.
  PayoutMessages: everyMessage(PayoutMessages, PRODUCT_FEATURE),
  JanazahMessages: everyMessage(JanazahMessages, PRODUCT_FEATURE),
  CaseChecklistMessages: everyMessage(CaseChecklistMessages, PRODUCT_FEATURE),
  PreferenceMessages: everyMessage(PreferenceMessages, PRODUCT_FEATURE),
  AnniversaryMessages: everyMessage(AnniversaryMessages, PRODUCT_FEATURE),
  WebhookMessages: everyMessage(WebhookMessages, PRODUCT_FEATURE),
  DeadLetterMessages: everyMessage(DeadLetterMessages, PRODUCT_FEATURE),
  // All but the ones the spec quotes ('Error').
  AdminOpsMessages: everyMessage(
    Object.fromEntries(Object.entries(AdminOpsMessages).filter(([key]) => key !== 'error')),
    SCREEN_TEXT,
  ) as { [K in keyof typeof AdminOpsMessages]?: string },
  LanguageMessages: everyMessage(LanguageMessages, PRODUCT_FEATURE),
  AdminSettingsPageMessages: everyMessage(AdminSettingsPageMessages, SCREEN_TEXT, ['superAdmin']),
  AdminDocumentsPageMessages: everyMessage(AdminDocumentsPageMessages, SCREEN_TEXT, ['processing']),
  AdminFieldWords: everyMessage(AdminFieldWords, SCREEN_TEXT),
  AdminBillingMessages: everyMessage(AdminBillingMessages, SCREEN_TEXT),
  AdminReportReviewMessages: everyMessage(AdminReportReviewMessages, SCREEN_TEXT),
  EligibilityRuleMessages: everyMessage(EligibilityRuleMessages, PRODUCT_FEATURE),
  EligibilityReasonMessages: everyMessage(EligibilityReasonMessages, PRODUCT_FEATURE),
  StatementPdfMessages: everyMessage(StatementPdfMessages, PRODUCT_FEATURE),
  // The screens' own texts, moved into the catalogue to be translated (issue 27): the spec
  // shows these screens but not these words.
  SignInMessages: {
    signIn: SCREEN_TEXT,
    backHome: SCREEN_TEXT,
    welcomeBack: SCREEN_TEXT,
    forgotPassword: SCREEN_TEXT,
    sendingLink: SCREEN_TEXT,
    newToJibs: SCREEN_TEXT,
    createAccount: SCREEN_TEXT,
  },
  ActionMessages: everyMessage(ActionMessages, SCREEN_TEXT),
  PublicLayoutMessages: everyMessage(PublicLayoutMessages, SCREEN_TEXT, ['dashboardCrumb']),
  PublicSignInMessages: everyMessage(PublicSignInMessages, SCREEN_TEXT),
  PublicTwoStepMessages: everyMessage(PublicTwoStepMessages, SCREEN_TEXT),
  PublicContactMessages: everyMessage(PublicContactMessages, SCREEN_TEXT),
  PublicSiteMessages: everyMessage(PublicSiteMessages, SCREEN_TEXT, ['haveAQuestion']),
  PublicFaqMessages: everyMessage(PublicFaqMessages, SCREEN_TEXT),
  // The payment summary's 'Due Today' and 'Includes first month's membership' are the spec's.
  RegistrationWizardMessages: Object.fromEntries(
    Object.keys(RegistrationWizardMessages)
      .filter((key) => key !== 'dueToday' && key !== 'includesFirstMonth')
      .map((key) => [key, SCREEN_TEXT]),
  ),
  RegistrationBillingMessages: everyMessage(RegistrationBillingMessages, SCREEN_TEXT),
  SandboxCheckoutMessages: everyMessage(SandboxCheckoutMessages, SCREEN_TEXT),
  MaintenancePageMessages: everyMessage(MaintenancePageMessages, SCREEN_TEXT),
  MemorialPageMessages: everyMessage(MemorialPageMessages, SCREEN_TEXT),
  CaseReportMessages: everyMessage(CaseReportMessages, SCREEN_TEXT),
  CaseValueMessages: everyMessage(CaseValueMessages, SCREEN_TEXT),
  JanazahPageMessages: everyMessage(JanazahPageMessages, SCREEN_TEXT),
  DocumentPageMessages: everyMessage(DocumentPageMessages, SCREEN_TEXT, ['yourDocuments']),
  NotificationPageMessages: everyMessage(NotificationPageMessages, SCREEN_TEXT),
  MemberProfileMessages: everyMessage(MemberProfileMessages, SCREEN_TEXT),
  MemberSecurityMessages: everyMessage(MemberSecurityMessages, SCREEN_TEXT),
  MemberDashboardMessages: everyMessage(MemberDashboardMessages, PRODUCT_FEATURE),
  MemberFieldMessages: everyMessage(MemberFieldMessages, SCREEN_TEXT),
  // The spec names the 'Payment Required' dialog, its Cancel Payment button, the card's
  // Cancel Subscription and Set Up Monthly Dues buttons and the Household Members section.
  HouseholdPageMessages: everyMessage(HouseholdPageMessages, SCREEN_TEXT, [
    'title',
    'paymentRequired',
    'cancelPayment',
  ]),
  AccountSecurityDialogMessages: everyMessage(AccountSecurityDialogMessages, SCREEN_TEXT),
  AccountSubscriptionMessages: everyMessage(AccountSubscriptionMessages, SCREEN_TEXT, [
    'cancelSubscription',
    'setUpMonthlyDues',
  ]),
  AccountBackupMessages: everyMessage(AccountBackupMessages, SCREEN_TEXT),
  AccountSessionMessages: everyMessage(AccountSessionMessages, SCREEN_TEXT),
  SessionNoticeMessages: everyMessage(SessionNoticeMessages, SCREEN_TEXT),
  // The spec names the testing page's groups and some of its links.
  AccountTestingMessages: everyMessage(AccountTestingMessages, SCREEN_TEXT, [
    'adminScreens',
    'memberScreens',
    'adminDashboard',
    'submitDeathReport',
  ]),
  CommonWords: everyMessage(CommonWords, SCREEN_TEXT),
  // The spec's own words ('Admin Panel', 'Logged in as') are checked against it, not listed.
  AdminDashboardPageMessages: everyMessage(AdminDashboardPageMessages, SCREEN_TEXT, [
    'allTimePayments',
    'comingSoon',
  ]),
  AdminSentMessagesPageMessages: everyMessage(AdminSentMessagesPageMessages, SCREEN_TEXT),
  AdminUsersPageMessages: everyMessage(AdminUsersPageMessages, SCREEN_TEXT),
  AdminUserDetailsMessages: everyMessage(AdminUserDetailsMessages, SCREEN_TEXT),
  AdminReviewsPageMessages: everyMessage(AdminReviewsPageMessages, SCREEN_TEXT, ['reportedBy']),
  AdminLayoutMessages: everyMessage(AdminLayoutMessages, SCREEN_TEXT, [
    'adminPanel',
    'loggedInAsLead',
  ]),
  HeaderMessages: {
    janazah: SCREEN_TEXT,
    home: SCREEN_TEXT,
    yourDashboard: SCREEN_TEXT,
    openMenu: SCREEN_TEXT,
    closeMenu: SCREEN_TEXT,
    language: SCREEN_TEXT,
    hijriDates: SCREEN_TEXT,
  },
  LandingMessages: { eyebrow: SCREEN_TEXT, title: SCREEN_TEXT, intro: SCREEN_TEXT },
  LandingQuestionMessages: everyMessage(LandingQuestionMessages, SCREEN_TEXT),
  // The spec names the 'Browse Memorial Pages' and 'Create a Memorial' buttons.
  LandingSectionMessages: everyMessage(LandingSectionMessages, SCREEN_TEXT, [
    'browseMemorials',
    'createMemorial',
  ]),
  RegistrationMessages: {
    allRequired: SCREEN_TEXT,
    aboutYou: SCREEN_TEXT,
    firstName: SCREEN_TEXT,
    lastName: SCREEN_TEXT,
    dateOfBirth: SCREEN_TEXT,
    passwordHint: SCREEN_TEXT,
    confirmPassword: SCREEN_TEXT,
    confirmPasswordHint: SCREEN_TEXT,
    showPasswords: SCREEN_TEXT,
    hidePasswords: SCREEN_TEXT,
    addressLine1: SCREEN_TEXT,
    addressLine2: SCREEN_TEXT,
    city: SCREEN_TEXT,
    selectState: SCREEN_TEXT,
    zipCode: SCREEN_TEXT,
    createAccount: SCREEN_TEXT,
    alreadyMember: SCREEN_TEXT,
  },
  DashboardMessages: {
    submitDeathReportText: SCREEN_TEXT,
    memorialPagesText: SCREEN_TEXT,
    uploadDocumentsText: SCREEN_TEXT,
    profileManagementText: SCREEN_TEXT,
    paymentHistoryText: SCREEN_TEXT,
    myReportsText: SCREEN_TEXT,
    notificationsText: SCREEN_TEXT,
    membershipActive: SCREEN_TEXT,
    membershipPending: SCREEN_TEXT,
    membershipInactive: SCREEN_TEXT,
    welcomeMessage: SCREEN_TEXT,
    totalSubmitted: SCREEN_TEXT,
    awaitingApproval: SCREEN_TEXT,
    lifetimeContributions: SCREEN_TEXT,
    currentRate: SCREEN_TEXT,
    paymentsNotLoaded: SCREEN_TEXT,
    countsNotLoaded: SCREEN_TEXT,
    membershipStatus: SCREEN_TEXT,
    needHelp: SCREEN_TEXT,
    welcome: SCREEN_TEXT,
    loading: SCREEN_TEXT,
    unreadNotifications: SCREEN_TEXT,
    markAllRead: SCREEN_TEXT,
    loadingNotifications: SCREEN_TEXT,
    noNotifications: SCREEN_TEXT,
    unread: SCREEN_TEXT,
    notificationsNotUpdated: SCREEN_TEXT,
    tryAgainSoon: SCREEN_TEXT,
    problem: SCREEN_TEXT,
  },
};

/**
 * The arguments that render a message function as the spec writes it: its `{placeholders}`
 * ('User role updated to {role}'), its 'N' or its '...'.
 */
export const SPEC_PLACEHOLDERS: PerMessage<readonly (string | number)[]> = {
  AdminUserMessages: {
    roleUpdated: ['{role}'],
    statusUpdated: ['{status}'],
    roleFailed: ['{message}'],
    statusFailed: ['{message}'],
  },
  DocumentMessages: { uploaded: ['N'] },
  MessageFunctions: { exportedAsMessage: ['{filename}'] },
  PaymentMessages: { retryAttempt: ['n', 3], incompleteMemberData: ['...'] },
  HouseholdMessages: { payToAddMember: ['{member name}'] },
  ClientMessages: { memberRemoved: [''] },
  AdminMessages: {
    reportReviewed: ['{status}'],
    reportReviewFailed: ['{status}', '{message}'],
    documentReviewed: ['{status}'],
    downloading: ['{file name}'],
    testsPassed: ['{passed}', '{total}'],
  },
};

/**
 * Where the spec quotes only part of a message (it elides with '...' or joins two sayings),
 * the part it quotes: the message must contain it and the spec must say it.
 */
export const SPEC_EXCERPTS: PerMessage<string> = {
  DeathReportMessages: {
    submittedMessage: 'under review. We will contact you within 24-48 hours.',
  },
  BillingMessages: { emailNotVerified: 'Please verify your account to continue.' },
  ClientMessages: { memberRemoved: 'removed successfully' },
};

/** The catalogue's messages of two words or more (a one-word title such as 'Error' is also a label). */
function catalogSentences(): string[] {
  const texts = Object.values(MessageCatalog).flatMap((group) => Object.values(group));
  return [...new Set(texts.filter((t): t is string => typeof t === 'string' && t.includes(' ')))];
}

/**
 * The catalogue's messages a client's source writes out instead of naming (a quoted string or
 * JSX text), comments left aside: each should be the catalogue's entry, not a second copy.
 */
export function catalogMessagesWrittenIn(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
  return catalogSentences().filter((text) =>
    [`'${text.replace(/'/g, "\\'")}'`, `"${text}"`, `\`${text}\``, `>${text}<`, `> ${text} <`].some(
      (written) => code.includes(written),
    ),
  );
}
