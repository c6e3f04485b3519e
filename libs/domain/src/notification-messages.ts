/**
 * The texts of the notifications service's messages (emails, texts, the bell), English, the
 * source every language translates (libs/i18n catalogues, one namespace per object). A
 * function's parameters are its placeholders, already formatted (money, dates) by the caller.
 */

export const NotificationMail = {
  greeting: (firstName: string) => `Assalamu alaikum ${firstName},`,
  friend: 'friend',
  subject: (organisation: string, title: string) => `${organisation}: ${title}`,
  signInForDetails: (organisation: string) => `Sign in to ${organisation} to see the details.`,
  unsubscribe: (url: string) => `To stop these emails: ${url}`,
  notes: (notes: string) => `Notes from our team: ${notes}`,
} as const;

export const BillingNotifications = {
  purposeRegistration: 'Household registration fee',
  purposeMembership: 'Monthly membership dues',
  purposeOther: 'Payment',
  paymentCompletedTitle: 'Payment received',
  paymentCompletedFor: (amount: string, description: string) =>
    `We received your payment of ${amount} for ${description}. Thank you. A receipt is on its way to your email address.`,
  paymentCompletedRegistration: (amount: string) =>
    `We received your payment of ${amount} for your household registration fee. Thank you. A receipt is on its way to your email address.`,
  paymentCompletedMembership: (amount: string) =>
    `We received your payment of ${amount} for your monthly membership dues. Thank you. A receipt is on its way to your email address.`,
  paymentCompleted: (amount: string) =>
    `We received your payment of ${amount}. Thank you. A receipt is on its way to your email address.`,
  duesFailedTitle: 'Monthly dues payment failed',
  failedOnce: 'This is 1 failed payment in a row',
  failedMany: (failures: string) => `This is ${failures} failed payments in a row`,
  duesFailedInactive: (amount: string, count: string, limit: string) =>
    `Your monthly dues payment of ${amount} did not go through. ${count}; ${limit} in a row make a membership inactive. Please update your payment method to reactivate it.`,
  duesFailedActive: (amount: string, count: string, limit: string) =>
    `Your monthly dues payment of ${amount} did not go through. ${count}; ${limit} in a row make a membership inactive. Please check your payment method so your membership stays active.`,
  paymentDeclinedTitle: 'Payment declined',
  paymentDeclinedRegistration: (amount: string) =>
    `Your payment of ${amount} for your household registration fee was declined, and nothing was charged. You can try again from your Registration page.`,
  paymentDeclined: (amount: string) =>
    `Your payment of ${amount} was declined, and nothing was charged. You can try again from your Profile page.`,
  duesCancelledTitle: 'Monthly dues cancelled',
  duesCancelledOn: (date: string) =>
    `Your monthly dues subscription will end on ${date}. No further payments will be taken after that.`,
  duesCancelledAtPeriodEnd:
    'Your monthly dues subscription will end at the end of the current period. No further payments will be taken after that.',
  duesSetUpTitle: 'Monthly dues set up',
  duesSetUp: (amount: string) =>
    `Your monthly dues of ${amount} are set up and will be paid automatically each month.`,
  membershipActiveTitle: 'Your membership is active',
  membershipActiveAgain: 'Welcome back. Your membership is active again.',
  membershipActiveFirst:
    'Thank you. Your registration is complete and your membership is now active.',
  membershipInactiveTitle: 'Your membership is inactive',
  membershipInactive:
    'Your membership is now inactive. To reactivate it, set up your monthly dues again from your Profile page, or contact us if you think this is a mistake.',
  householdAddedTitle: 'Household member added',
  relationshipSpouse: 'spouse',
  relationshipChild: 'child',
  relationshipParent: 'parent',
  householdAddedFee: (firstName: string, relationship: string, fee: string) =>
    `${firstName} was added to your household as your ${relationship}. A one-time fee of ${fee} is due for this addition.`,
  householdAddedNoFee: (firstName: string, relationship: string) =>
    `${firstName} was added to your household as your ${relationship}. No additional fee is due.`,
  receiptSubject: (organisation: string, amount: string) =>
    `${organisation} receipt: ${amount} received`,
  receiptDear: (firstName: string) => `Dear ${firstName},`,
  receiptThanks: (organisation: string) =>
    `Thank you for your payment. This is your receipt from ${organisation}.`,
  receiptAmount: (amount: string) => `Amount:     ${amount}`,
  receiptCurrency: (currency: string) => `Currency:   ${currency}`,
  receiptFor: (purpose: string) => `For:        ${purpose}`,
  receiptDate: (date: string) => `Date:       ${date}`,
  receiptPaymentId: (paymentId: string) => `Payment ID: ${paymentId}`,
  receiptKeep: 'Please keep this email for your records.',
} as const;

export const AssistanceNotifications = {
  payeeFamily: 'your family',
  payeeFuneralHome: 'the funeral home',
  payeeCemetery: 'the cemetery',
  methodCheck: 'check',
  methodBankTransfer: 'bank transfer',
  methodCash: 'cash',
  proposedTitle: 'Burial Assistance Proposed',
  proposedSecondApproval: (amount: string, payee: string, method: string) =>
    `A burial assistance payment of ${amount} to ${payee} (${method}) has been proposed. A second member of our team will approve it before it is paid.`,
  proposed: (amount: string, payee: string, method: string) =>
    `A burial assistance payment of ${amount} to ${payee} (${method}) has been proposed. It will be paid shortly.`,
  approvedTitle: 'Burial Assistance Approved',
  approved: (amount: string) =>
    `The burial assistance payment of ${amount} has been approved and will be paid shortly.`,
  paidTitle: 'Burial Assistance Paid',
  paid: (amount: string, payee: string, paidOn: string, method: string) =>
    `The burial assistance payment of ${amount} to ${payee} was paid on ${paidOn} (${method}).`,
} as const;

export const AccountChangeNotifications = {
  roleAdminTitle: 'You are now an admin',
  roleAdmin:
    'An administrator gave your account the admin role. Please sign in again to use the admin console; you will be asked to set up an authenticator app.',
  roleMemberTitle: 'Your role has changed',
  roleMember:
    'An administrator changed your account to a member account. Please sign in again to continue.',
  statusActiveTitle: 'Your membership is active',
  statusActive: 'An administrator set your membership status to Active.',
  statusInactiveTitle: 'Your membership is inactive',
  statusInactive:
    'An administrator set your membership status to Inactive. Please contact us if you think this is a mistake.',
  statusPendingTitle: 'Your membership is pending',
  statusPending:
    'An administrator set your membership status to Pending. Please contact us if you have any questions.',
} as const;

export const CaseNotifications = {
  burialDoneTitle: 'Burial Done',
  progressedTitle: 'Your Case Progressed',
  underReview: 'Under review',
  burialDone: 'Burial done',
  message: (label: string, link: string) => `${label}. See your case on My Reports: ${link}`,
} as const;

export const ReviewNotifications = {
  reportApprovedTitle: 'Death Report Approved',
  reportApproved:
    'Your death report has been approved. Our team will contact you within 24-48 hours.',
  reportRejectedTitle: 'Death Report Needs Revision',
  reportRejected: 'Your death report was not approved.',
  reportRejectedNext: 'Please review it on My Reports or contact us.',
  documentApprovedTitle: 'Document Approved',
  documentApproved: (fileName: string, documentType: string) =>
    `Your document "${fileName}" (${documentType}) has been approved.`,
  documentRejectedTitle: 'Document Rejected',
  documentRejected: (fileName: string, documentType: string) =>
    `Your document "${fileName}" (${documentType}) was rejected.`,
  documentRejectedNext: 'Please upload a new copy.',
  memorySubmittedTitle: 'New Memory Awaiting Approval',
  memorySubmitted: (memorialName: string) =>
    `A memory was shared on the memorial page of ${memorialName}. Review it from the memorial's Memories tab.`,
  memoryApprovedTitle: 'Memory Approved',
  memoryApproved: (memorialName: string) =>
    `Your memory on the memorial page of ${memorialName} has been approved and is now shared.`,
} as const;

export const ReminderNotifications = {
  title: 'Anniversary Reminder',
  hijri: (memorialName: string, when: string) =>
    `The Hijri anniversary of the passing of ${memorialName} is on ${when}. May Allah have mercy on them.`,
  gregorian: (memorialName: string, when: string) =>
    `The Gregorian anniversary of the passing of ${memorialName} is on ${when}. May Allah have mercy on them.`,
  emailFooter: (organisation: string) =>
    `You turned this reminder on for the memorial in ${organisation}; you can turn it off on the memorial's page.`,
} as const;

export const JanazahNotifications = {
  cancelledTitle: (deceasedName: string) => `Janazah cancelled: ${deceasedName}`,
  cancelled: (deceasedName: string, when: string, reason: string) =>
    `The janazah prayer for ${deceasedName} on ${when} is cancelled. ${reason}`,
  changedTitle: (deceasedName: string) => `Janazah changed: ${deceasedName}`,
  publishedTitle: (deceasedName: string) => `Janazah: ${deceasedName}`,
  notice: (deceasedName: string, when: string, place: string, burialPlace: string) =>
    `Janazah prayer for ${deceasedName}: ${when} at ${place}. Burial: ${burialPlace}.`,
  inviteSummary: (deceasedName: string) => `Janazah prayer: ${deceasedName}`,
  inviteCancelled: (reason: string) => `Cancelled. ${reason}`,
  inviteBurial: (burialPlace: string) => `Burial: ${burialPlace}`,
  mapLine: (url: string) => `Map: ${url}`,
  calendarLine: (url: string) => `Add to your calendar: ${url} (or open the attached invite)`,
  smsCancelled: (organisation: string, deceasedName: string, when: string) =>
    `${organisation}: the janazah for ${deceasedName} on ${when} is cancelled.`,
  sms: (
    organisation: string,
    deceasedName: string,
    when: string,
    masjidName: string,
    mapUrl: string,
  ) => `${organisation}: Janazah for ${deceasedName}, ${when}, ${masjidName}. Map: ${mapUrl}`,
} as const;

export const UnsubscribePages = {
  invalidTitle: 'Link not valid',
  title: 'Unsubscribe',
  kindPayments: 'Payments',
  kindReportsDocuments: 'Reports and documents',
  kindJanazah: 'Janazah notices',
  kindMemorials: 'Memorial activity',
  kindReminders: 'Reminders',
  question: (kind: string) =>
    `Stop emails about ${kind}? You will still see them in the bell when you sign in.`,
  button: 'Unsubscribe',
  doneTitle: 'Unsubscribed',
  done: (kind: string) =>
    `You will no longer receive emails about ${kind}. You can change this on your profile.`,
} as const;

/** Every namespace above, for libs/i18n's sources. */
export const NotificationMessageCatalog = {
  NotificationMail,
  BillingNotifications,
  AssistanceNotifications,
  AccountChangeNotifications,
  CaseNotifications,
  ReviewNotifications,
  ReminderNotifications,
  JanazahNotifications,
  UnsubscribePages,
} as const;
