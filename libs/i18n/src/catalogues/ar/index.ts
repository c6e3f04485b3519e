// Written by `npm run generate:i18n`: the ar catalogue, one file per namespace.
import AccountBackupMessages from './AccountBackupMessages.json';
import AccountChangeNotifications from './AccountChangeNotifications.json';
import AccountEmails from './AccountEmails.json';
import AccountSecurityDialogMessages from './AccountSecurityDialogMessages.json';
import AccountSecurityMessages from './AccountSecurityMessages.json';
import AccountSessionMessages from './AccountSessionMessages.json';
import AccountSubscriptionMessages from './AccountSubscriptionMessages.json';
import AccountTestingMessages from './AccountTestingMessages.json';
import ActionMessages from './ActionMessages.json';
import AdminBillingMessages from './AdminBillingMessages.json';
import AdminDashboardPageMessages from './AdminDashboardPageMessages.json';
import AdminDocumentsPageMessages from './AdminDocumentsPageMessages.json';
import AdminFieldWords from './AdminFieldWords.json';
import AdminLayoutMessages from './AdminLayoutMessages.json';
import AdminMessages from './AdminMessages.json';
import AdminOpsMessages from './AdminOpsMessages.json';
import AdminReportReviewMessages from './AdminReportReviewMessages.json';
import AdminReviewsPageMessages from './AdminReviewsPageMessages.json';
import AdminSentMessagesPageMessages from './AdminSentMessagesPageMessages.json';
import AdminSettingsPageMessages from './AdminSettingsPageMessages.json';
import AdminUserDetailsMessages from './AdminUserDetailsMessages.json';
import AdminUserMessages from './AdminUserMessages.json';
import AdminUsersPageMessages from './AdminUsersPageMessages.json';
import AnniversaryMessages from './AnniversaryMessages.json';
import AssistanceMessages from './AssistanceMessages.json';
import AssistanceNotifications from './AssistanceNotifications.json';
import BillingMessages from './BillingMessages.json';
import BillingNotifications from './BillingNotifications.json';
import CaseChecklistMessages from './CaseChecklistMessages.json';
import CaseNotifications from './CaseNotifications.json';
import CaseReportMessages from './CaseReportMessages.json';
import CaseValueMessages from './CaseValueMessages.json';
import ClientMessages from './ClientMessages.json';
import CommonWords from './CommonWords.json';
import DashboardMessages from './DashboardMessages.json';
import DataExportMessages from './DataExportMessages.json';
import DeadLetterMessages from './DeadLetterMessages.json';
import DeathReportMessages from './DeathReportMessages.json';
import DocumentMessages from './DocumentMessages.json';
import DocumentPageMessages from './DocumentPageMessages.json';
import EligibilityReasonMessages from './EligibilityReasonMessages.json';
import EligibilityRuleMessages from './EligibilityRuleMessages.json';
import FlagReasons from './FlagReasons.json';
import FormMessages from './FormMessages.json';
import HeaderMessages from './HeaderMessages.json';
import HouseholdMessages from './HouseholdMessages.json';
import HouseholdPageMessages from './HouseholdPageMessages.json';
import JanazahMessages from './JanazahMessages.json';
import JanazahNotifications from './JanazahNotifications.json';
import JanazahPageMessages from './JanazahPageMessages.json';
import LandingMessages from './LandingMessages.json';
import LandingQuestionMessages from './LandingQuestionMessages.json';
import LandingSectionMessages from './LandingSectionMessages.json';
import LanguageMessages from './LanguageMessages.json';
import MaintenancePageMessages from './MaintenancePageMessages.json';
import MemberDashboardMessages from './MemberDashboardMessages.json';
import MemberFieldMessages from './MemberFieldMessages.json';
import MemberProfileMessages from './MemberProfileMessages.json';
import MemberSecurityMessages from './MemberSecurityMessages.json';
import MemorialMessages from './MemorialMessages.json';
import MemorialPageMessages from './MemorialPageMessages.json';
import MessageFunctions from './MessageFunctions.json';
import Messages from './Messages.json';
import NotificationMail from './NotificationMail.json';
import NotificationPageMessages from './NotificationPageMessages.json';
import OfflinePaymentMessages from './OfflinePaymentMessages.json';
import PaymentMessages from './PaymentMessages.json';
import PayoutMessages from './PayoutMessages.json';
import PreferenceMessages from './PreferenceMessages.json';
import PublicContactMessages from './PublicContactMessages.json';
import PublicFaqMessages from './PublicFaqMessages.json';
import PublicLayoutMessages from './PublicLayoutMessages.json';
import PublicSignInMessages from './PublicSignInMessages.json';
import PublicSiteMessages from './PublicSiteMessages.json';
import PublicTwoStepMessages from './PublicTwoStepMessages.json';
import RegistrationBillingMessages from './RegistrationBillingMessages.json';
import RegistrationMessages from './RegistrationMessages.json';
import RegistrationWizardMessages from './RegistrationWizardMessages.json';
import ReminderNotifications from './ReminderNotifications.json';
import RequestMessages from './RequestMessages.json';
import ReviewNotifications from './ReviewNotifications.json';
import SandboxCheckoutMessages from './SandboxCheckoutMessages.json';
import SecondFactorMessages from './SecondFactorMessages.json';
import SessionNoticeMessages from './SessionNoticeMessages.json';
import SignInMessages from './SignInMessages.json';
import SiteMessages from './SiteMessages.json';
import StatementPdfMessages from './StatementPdfMessages.json';
import UnsubscribePages from './UnsubscribePages.json';
import UploadMessages from './UploadMessages.json';
import VerificationMessages from './VerificationMessages.json';
import WebhookMessages from './WebhookMessages.json';

export const catalogue = {
  AccountBackupMessages,
  AccountChangeNotifications,
  AccountEmails,
  AccountSecurityDialogMessages,
  AccountSecurityMessages,
  AccountSessionMessages,
  AccountSubscriptionMessages,
  AccountTestingMessages,
  ActionMessages,
  AdminBillingMessages,
  AdminDashboardPageMessages,
  AdminDocumentsPageMessages,
  AdminFieldWords,
  AdminLayoutMessages,
  AdminMessages,
  AdminOpsMessages,
  AdminReportReviewMessages,
  AdminReviewsPageMessages,
  AdminSentMessagesPageMessages,
  AdminSettingsPageMessages,
  AdminUserDetailsMessages,
  AdminUserMessages,
  AdminUsersPageMessages,
  AnniversaryMessages,
  AssistanceMessages,
  AssistanceNotifications,
  BillingMessages,
  BillingNotifications,
  CaseChecklistMessages,
  CaseNotifications,
  CaseReportMessages,
  CaseValueMessages,
  ClientMessages,
  CommonWords,
  DashboardMessages,
  DataExportMessages,
  DeadLetterMessages,
  DeathReportMessages,
  DocumentMessages,
  DocumentPageMessages,
  EligibilityReasonMessages,
  EligibilityRuleMessages,
  FlagReasons,
  FormMessages,
  HeaderMessages,
  HouseholdMessages,
  HouseholdPageMessages,
  JanazahMessages,
  JanazahNotifications,
  JanazahPageMessages,
  LandingMessages,
  LandingQuestionMessages,
  LandingSectionMessages,
  LanguageMessages,
  MaintenancePageMessages,
  MemberDashboardMessages,
  MemberFieldMessages,
  MemberProfileMessages,
  MemberSecurityMessages,
  MemorialMessages,
  MemorialPageMessages,
  MessageFunctions,
  Messages,
  NotificationMail,
  NotificationPageMessages,
  OfflinePaymentMessages,
  PaymentMessages,
  PayoutMessages,
  PreferenceMessages,
  PublicContactMessages,
  PublicFaqMessages,
  PublicLayoutMessages,
  PublicSignInMessages,
  PublicSiteMessages,
  PublicTwoStepMessages,
  RegistrationBillingMessages,
  RegistrationMessages,
  RegistrationWizardMessages,
  ReminderNotifications,
  RequestMessages,
  ReviewNotifications,
  SandboxCheckoutMessages,
  SecondFactorMessages,
  SessionNoticeMessages,
  SignInMessages,
  SiteMessages,
  StatementPdfMessages,
  UnsubscribePages,
  UploadMessages,
  VerificationMessages,
  WebhookMessages,
};
