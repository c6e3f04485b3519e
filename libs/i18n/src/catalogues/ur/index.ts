// Written by `npm run generate:i18n`: the ur catalogue, one file per namespace.
import AccountChangeNotifications from './AccountChangeNotifications.json';
import AccountEmails from './AccountEmails.json';
import AccountSecurityMessages from './AccountSecurityMessages.json';
import ActionMessages from './ActionMessages.json';
import AdminMessages from './AdminMessages.json';
import AdminOpsMessages from './AdminOpsMessages.json';
import AdminUserMessages from './AdminUserMessages.json';
import AnniversaryMessages from './AnniversaryMessages.json';
import AssistanceMessages from './AssistanceMessages.json';
import AssistanceNotifications from './AssistanceNotifications.json';
import BillingMessages from './BillingMessages.json';
import BillingNotifications from './BillingNotifications.json';
import CaseChecklistMessages from './CaseChecklistMessages.json';
import CaseNotifications from './CaseNotifications.json';
import ClientMessages from './ClientMessages.json';
import DashboardMessages from './DashboardMessages.json';
import DataExportMessages from './DataExportMessages.json';
import DeadLetterMessages from './DeadLetterMessages.json';
import DeathReportMessages from './DeathReportMessages.json';
import DocumentMessages from './DocumentMessages.json';
import FlagReasons from './FlagReasons.json';
import FormMessages from './FormMessages.json';
import HeaderMessages from './HeaderMessages.json';
import HouseholdMessages from './HouseholdMessages.json';
import JanazahMessages from './JanazahMessages.json';
import JanazahNotifications from './JanazahNotifications.json';
import LandingMessages from './LandingMessages.json';
import LanguageMessages from './LanguageMessages.json';
import MemorialMessages from './MemorialMessages.json';
import MessageFunctions from './MessageFunctions.json';
import Messages from './Messages.json';
import NotificationMail from './NotificationMail.json';
import OfflinePaymentMessages from './OfflinePaymentMessages.json';
import PaymentMessages from './PaymentMessages.json';
import PayoutMessages from './PayoutMessages.json';
import PreferenceMessages from './PreferenceMessages.json';
import RegistrationMessages from './RegistrationMessages.json';
import ReminderNotifications from './ReminderNotifications.json';
import RequestMessages from './RequestMessages.json';
import ReviewNotifications from './ReviewNotifications.json';
import SecondFactorMessages from './SecondFactorMessages.json';
import SignInMessages from './SignInMessages.json';
import SiteMessages from './SiteMessages.json';
import UnsubscribePages from './UnsubscribePages.json';
import UploadMessages from './UploadMessages.json';
import VerificationMessages from './VerificationMessages.json';
import WebhookMessages from './WebhookMessages.json';

export const catalogue = {
  AccountChangeNotifications,
  AccountEmails,
  AccountSecurityMessages,
  ActionMessages,
  AdminMessages,
  AdminOpsMessages,
  AdminUserMessages,
  AnniversaryMessages,
  AssistanceMessages,
  AssistanceNotifications,
  BillingMessages,
  BillingNotifications,
  CaseChecklistMessages,
  CaseNotifications,
  ClientMessages,
  DashboardMessages,
  DataExportMessages,
  DeadLetterMessages,
  DeathReportMessages,
  DocumentMessages,
  FlagReasons,
  FormMessages,
  HeaderMessages,
  HouseholdMessages,
  JanazahMessages,
  JanazahNotifications,
  LandingMessages,
  LanguageMessages,
  MemorialMessages,
  MessageFunctions,
  Messages,
  NotificationMail,
  OfflinePaymentMessages,
  PaymentMessages,
  PayoutMessages,
  PreferenceMessages,
  RegistrationMessages,
  ReminderNotifications,
  RequestMessages,
  ReviewNotifications,
  SecondFactorMessages,
  SignInMessages,
  SiteMessages,
  UnsubscribePages,
  UploadMessages,
  VerificationMessages,
  WebhookMessages,
};
