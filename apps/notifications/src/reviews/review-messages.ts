import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import type { MemberLanguage } from '../languages/member-languages';
import { mailText, messagesOf } from '../languages/message-text';

export interface MailText {
  subject: string;
  text: string;
}

/** libs/i18n's `ReviewNotifications` catalogue. */
const say = messagesOf('ReviewNotifications');

const notesLine = (lang: MemberLanguage, notes: string) =>
  notes.trim() ? `\n\n${mailText(lang, 'notes', { notes: notes.trim() })}` : '';

/** The member's notification for a reviewed death report. */
export function reportReviewedText(
  data: EventData<'report.reviewed'>,
  lang: MemberLanguage,
): NotificationText {
  return data.status === 'approved'
    ? {
        title: say(lang, 'reportApprovedTitle'),
        message: `${say(lang, 'reportApproved')}${notesLine(lang, data.adminNotes)}`,
        type: NotificationType.SUCCESS,
      }
    : {
        title: say(lang, 'reportRejectedTitle'),
        message: `${say(lang, 'reportRejected')}${notesLine(lang, data.adminNotes)} ${say(lang, 'reportRejectedNext')}`,
        type: NotificationType.WARNING,
      };
}

/** The member's notification for a reviewed document. */
export function documentReviewedText(
  data: EventData<'document.reviewed'>,
  lang: MemberLanguage,
): NotificationText {
  const params = { fileName: data.fileName, documentType: data.documentType };
  return data.status === 'approved'
    ? {
        title: say(lang, 'documentApprovedTitle'),
        message: `${say(lang, 'documentApproved', params)}${notesLine(lang, data.adminNotes)}`,
        type: NotificationType.SUCCESS,
      }
    : {
        title: say(lang, 'documentRejectedTitle'),
        message: `${say(lang, 'documentRejected', params)}${notesLine(lang, data.adminNotes)} ${say(lang, 'documentRejectedNext')}`,
        type: NotificationType.WARNING,
      };
}

/** The email that goes with a member's notification, in their language. */
export function reviewEmail(
  notification: NotificationText,
  firstName: string | null,
  organisation: string,
  lang: MemberLanguage,
): MailText {
  const name = firstName ?? mailText(lang, 'friend');
  return {
    subject: mailText(lang, 'subject', { organisation, title: notification.title }),
    text: `${mailText(lang, 'greeting', { firstName: name })}\n\n${notification.message}\n\n${mailText(lang, 'signInForDetails', { organisation })}\n\n${organisation}`,
  };
}

/**
 * The admins' alert for a new death report (no details of the deceased: they are in the app).
 * In English: it goes to the settings' admin address, which has no language of its own.
 */
export function reportSubmittedAdminEmail(
  data: EventData<'report.submitted'>,
  member: { firstName: string; email: string } | null,
  organisation: string,
): MailText {
  const who = member ? `${member.firstName} (${member.email})` : 'A member';
  return {
    subject: `${organisation}: new death report to review`,
    text: `${who} submitted a death report (reported by: ${data.relationship}).\n\nReview it in the admin console under Death Reports.\n\nReport id: ${data.reportId}`,
  };
}

/** The admins' alert for a new document (the seed's send-document-notification), in English. */
export function documentUploadedAdminEmail(
  data: EventData<'document.uploaded'>,
  member: { firstName: string; email: string } | null,
  organisation: string,
): MailText {
  const who = member ? `${member.firstName} (${member.email})` : 'A member';
  const state =
    data.status === 'approved' ? 'It was approved automatically.' : 'It waits for review.';
  return {
    subject: `${organisation}: new document uploaded`,
    text: `${who} uploaded "${data.fileName}" (${data.documentType}). ${state}\n\nReview it in the admin console under Documents.\n\nDocument id: ${data.documentId}`,
  };
}

/** A moderator's notification: a memory waits for approval on a memorial they look after. */
export function memorySubmittedText(
  data: EventData<'memory.submitted'>,
  lang: MemberLanguage,
): NotificationText {
  return {
    title: say(lang, 'memorySubmittedTitle'),
    message: say(lang, 'memorySubmitted', { memorialName: data.memorialName }),
    type: NotificationType.INFO,
  };
}

/** The contributor's notification: their memory is now listed. */
export function memoryApprovedText(
  data: EventData<'memory.approved'>,
  lang: MemberLanguage,
): NotificationText {
  return {
    title: say(lang, 'memoryApprovedTitle'),
    message: say(lang, 'memoryApproved', { memorialName: data.memorialName }),
    type: NotificationType.SUCCESS,
  };
}
