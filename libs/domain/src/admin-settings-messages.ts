import { CaseWords } from './case-words';
import { CommonWords } from './common-words';
import { AdminMessages } from './admin-messages';
import { AdminFieldWords } from './admin-field-words';
import {
  AdminLayoutMessages,
  AdminReviewsPageMessages,
  AdminUserDetailsMessages,
} from './admin-console-messages';
import { AdminOpsMessages } from './admin-ops-messages';
import { PAYOUT_METHOD_LABELS } from './assistance-payouts';
import { DashboardMessages } from './dashboard-messages';
import { OTHER } from './documents';
import { MemberSecurityMessages } from './member-page-messages';
import { DocumentPageMessages, MemorialPageMessages } from './memorial-page-messages';
import { UnsubscribePages } from './notification-messages';
import { PublicContactMessages } from './public-contact-messages';
import { RegistrationBillingMessages } from './registration-billing-messages';

/**
 * The admin console's last screens (issue 27: translated like every other message): settings,
 * documents review, a member's billing with the offline payment dialog, and the words the
 * death reports' review cards show.
 */
export const AdminSettingsPageMessages = {
  title: AdminLayoutMessages.settings,
  description: 'Site-wide settings. Saved settings apply to every service within seconds.',
  loadFailed: 'The settings could not be loaded.',
  loading: 'Loading settings',
  correctHighlighted: (failed: string) => `${failed}: please correct the highlighted fields`,
  siteSettings: 'Site settings',
  general: 'General',
  siteName: 'Site name',
  adminEmail: 'Admin email',
  adminEmailHint: 'Contact messages and review alerts go here',
  registrationFeeUsd: 'Base registration fee (USD)',
  monthlyDuesUsd: 'Monthly dues (USD)',
  memberFeeUsd: 'Fee per added household member (USD)',
  amountsHint:
    'Amounts from $0.01 to $10,000.00. New fees apply to checkouts started after saving; running subscriptions keep their amount.',
  waitingPeriodDays: 'Waiting period (days)',
  waitingPeriodHint: 'From the first payment, or from when a person joined the household',
  claimWindowDays: 'Claim window (days)',
  claimWindowHint: 'Days after the date of death within which a death must be reported',
  coverageLimitUsd: 'Coverage limit per death (USD)',
  approvalThresholdUsd: 'Two-person approval above (USD)',
  childAgeLimit: 'Children covered under the age of',
  eligibleExpenses: 'Eligible expenses',
  fileUpload: 'File Upload',
  maxFileSizeMb: 'Max file size (MB)',
  fileSizeRange: (min: number, max: number) => `${min} to ${max} MB per file`,
  allowedFileTypes: 'Allowed file types',
  allowedFileTypesHint: "The service checks each file's content, not only its name",
  notifications: DashboardMessages.notifications,
  emailNotifications: 'Email notifications',
  emailNotificationsHint:
    'Emails to members (review outcomes, receipts) and review alerts to the admin email. In-app notifications are always on.',
  smsNotifications: 'SMS notifications',
  smsNotificationsHint:
    'Text messages to members. The service sends no notification texts yet; sign-in codes by SMS are not affected.',
  securityAndSystem: 'Security and System',
  autoApproval: 'Auto-approval',
  autoApprovalHint: 'New documents are approved on upload instead of waiting for review',
  maintenanceMode: 'Maintenance mode',
  maintenanceModeHint:
    'Members and visitors see a maintenance notice (within a few seconds); admins keep working',
  maintenanceOn: 'While it is on, only administrators can use the site.',
  familiesMayPublish: 'Families may publish janazah notices',
  familiesMayPublishHint:
    'The member who reported a death may publish, edit and cancel the janazah notice of their approved report. Administrators always may.',
  caseChecklist: 'Case Checklist',
  saveAll: 'Save All Settings',
  adminUsers: 'Admin Users',
  superAdmin: 'Super Admin',
  you: 'You',
  /** The Users page's link sits where each language puts {usersPage}. */
  newAdmins: (usersPage: string) =>
    `New administrators register like any member; an admin then changes their role to Admin with the role dropdown on the ${usersPage}. The last administrator cannot be demoted.`,
  usersPage: 'Users page',
  ownerFamily: 'Family (and admins)',
  /** The testing page's admin links say it too. */
  ownerAdmins: CommonWords.adminsOnly,
  checklistHint:
    "Admins tick any item; the family ticks the family's items. An item with a document type ticks itself when the member has an approved document of that type.",
  itemLabel: (number: number) => `Item ${number} label`,
  itemKey: (number: number) => `Item ${number} key`,
  itemTickedBy: (number: number) => `Item ${number} ticked by`,
  itemDocumentType: (number: number) => `Item ${number} document type`,
  none: AdminOpsMessages.none,
  removeItem: (number: number) => `Remove item ${number}`,
  remove: MemorialPageMessages.remove,
  addChecklistItem: 'Add Checklist Item',
  memberFee: AdminFieldWords.memberFee,
  coverageLimit: AdminFieldWords.coverageLimit,
  approvalThreshold: AdminFieldWords.approvalThreshold,
  amountInDollars: (field: string) => `${field} must be an amount in dollars, like 25.00`,
  waitingPeriodWhole: 'Waiting period must be whole days',
  claimWindowWhole: 'Claim window must be whole days',
  childAgeWhole: AdminFieldWords.childAgeWhole,
  fileSizeWhole: AdminFieldWords.fileSizeWhole,
} as const;

/** Documents review (/admin/documents). */
export const AdminDocumentsPageMessages = {
  title: CommonWords.documents,
  description: 'Review the verification documents members have uploaded.',
  searchDocuments: 'Search documents',
  searchPlaceholder: 'File name, member name or document type',
  caption: 'Uploaded documents, newest first',
  user: 'User',
  document: 'Document',
  type: 'Type',
  size: 'Size',
  status: CommonWords.status,
  uploaded: DocumentPageMessages.uploaded,
  actions: AdminOpsMessages.actions,
  loadingMore: AdminReviewsPageMessages.loadingMore,
  showMore: 'Show more documents',
  download: MemberSecurityMessages.download,
  downloadFile: (fileName: string) => `Download ${fileName}`,
  review: 'Review',
  reviewFile: (fileName: string) => `Review ${fileName}`,
  reviewDocument: 'Review Document',
  fileName: 'File name',
  approve: CommonWords.approve,
  reject: CommonWords.reject,
  processing: AdminMessages.processing,
} as const;

/** A member's billing in the user drawer, and its Record offline payment dialog. */
export const AdminBillingMessages = {
  billing: PublicContactMessages.subjectBilling,
  recordOfflinePayment: 'Record offline payment',
  noRecord: 'Billing has no record of this member yet.',
  notLoaded: 'Billing not loaded',
  loading: 'Loading billing...',
  membership: PublicContactMessages.subjectMembership,
  totalPaid: 'Total paid',
  missedPayments: 'Missed monthly payments',
  subscription: 'Subscription',
  status: CommonWords.status,
  endsOn: 'Ends on',
  renewsOn: 'Renews on',
  notKnown: 'Not known',
  noSubscription: 'No monthly dues subscription.',
  household: AdminUserDetailsMessages.household,
  householdLine: (name: string, relationship: string, fee: string) =>
    `${name} (${relationship}) · fee ${fee}`,
  householdLineDue: (name: string, relationship: string, fee: string) =>
    `${name} (${relationship}) · fee ${fee}, payment due`,
  noHousehold: 'No household members.',
  payments: UnsubscribePages.kindPayments,
  noPayments: 'No payments yet.',
  paymentsCaption: 'Payments, newest first',
  date: 'Date',
  amount: AdminOpsMessages.amount,
  for: 'For',
  method: AdminOpsMessages.method,
  paymentId: 'Payment ID',
  recorded: (moment: string) => `recorded ${moment}`,
  note: (note: string) => `Note: ${note}`,
  notCounted: (reason: string) => `Not counted: ${reason}`,
  cash: PAYOUT_METHOD_LABELS.cash,
  check: PAYOUT_METHOD_LABELS.check,
  card: 'Card',
  other: OTHER,
  unknown: CommonWords.unknown,
  spouse: CaseWords.spouse,
  child: CaseWords.child,
  parent: CaseWords.parent,
  // The statuses billing gives a subscription and a payment.
  incomplete: CommonWords.incomplete,
  active: DashboardMessages.active,
  pastDue: CommonWords.pastDue,
  canceled: CommonWords.canceled,
  unpaid: CommonWords.unpaid,
  pending: DashboardMessages.pending,
  completed: RegistrationBillingMessages.statusCompleted,
  failed: CommonWords.failed,
  cancelled: CommonWords.cancelled,
  // The dialog.
  offlineIntro:
    'A payment received in cash or by check. It counts like any other payment, and the member is sent a receipt.',
  amountExample: 'For example 25.00',
  purpose: 'Purpose',
  dateReceived: 'Date received',
  reference: 'Check number or reference',
  optional: 'Optional',
  noteLabel: AdminOpsMessages.note,
  noteHint: (max: number) => `Optional, at most ${max} characters`,
  cancel: CommonWords.cancel,
  recording: 'Recording...',
  recordPayment: 'Record payment',
} as const;

/** The words a death report's review card shows beside `AdminReviewsPageMessages`. */
export const AdminReportReviewMessages = {
  none: AdminOpsMessages.none,
  submitted: AdminOpsMessages.submitted,
  reviewed: CommonWords.reviewed,
  covered: AdminOpsMessages.covered,
} as const;
