// Written by `npm run generate:i18n`: the ur catalogue, one file per namespace.
import AccountSecurityMessages from './AccountSecurityMessages.json';
import ActionMessages from './ActionMessages.json';
import AdminMessages from './AdminMessages.json';
import AdminUserMessages from './AdminUserMessages.json';
import AnniversaryMessages from './AnniversaryMessages.json';
import AssistanceMessages from './AssistanceMessages.json';
import BillingMessages from './BillingMessages.json';
import CaseChecklistMessages from './CaseChecklistMessages.json';
import ClientMessages from './ClientMessages.json';
import DashboardMessages from './DashboardMessages.json';
import DataExportMessages from './DataExportMessages.json';
import DeathReportMessages from './DeathReportMessages.json';
import DocumentMessages from './DocumentMessages.json';
import FlagReasons from './FlagReasons.json';
import FormMessages from './FormMessages.json';
import HeaderMessages from './HeaderMessages.json';
import HouseholdMessages from './HouseholdMessages.json';
import JanazahMessages from './JanazahMessages.json';
import LandingMessages from './LandingMessages.json';
import MemorialMessages from './MemorialMessages.json';
import MessageFunctions from './MessageFunctions.json';
import Messages from './Messages.json';
import OfflinePaymentMessages from './OfflinePaymentMessages.json';
import PaymentMessages from './PaymentMessages.json';
import PayoutMessages from './PayoutMessages.json';
import PreferenceMessages from './PreferenceMessages.json';
import RegistrationMessages from './RegistrationMessages.json';
import RequestMessages from './RequestMessages.json';
import SecondFactorMessages from './SecondFactorMessages.json';
import SignInMessages from './SignInMessages.json';
import SiteMessages from './SiteMessages.json';
import UploadMessages from './UploadMessages.json';
import VerificationMessages from './VerificationMessages.json';
import WebhookMessages from './WebhookMessages.json';

export const catalogue = {
  AccountSecurityMessages,
  ActionMessages,
  AdminMessages,
  AdminUserMessages,
  AnniversaryMessages,
  AssistanceMessages,
  BillingMessages,
  CaseChecklistMessages,
  ClientMessages,
  DashboardMessages,
  DataExportMessages,
  DeathReportMessages,
  DocumentMessages,
  FlagReasons,
  FormMessages,
  HeaderMessages,
  HouseholdMessages,
  JanazahMessages,
  LandingMessages,
  MemorialMessages,
  MessageFunctions,
  Messages,
  OfflinePaymentMessages,
  PaymentMessages,
  PayoutMessages,
  PreferenceMessages,
  RegistrationMessages,
  RequestMessages,
  SecondFactorMessages,
  SignInMessages,
  SiteMessages,
  UploadMessages,
  VerificationMessages,
  WebhookMessages,
};
