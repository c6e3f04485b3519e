import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';

export interface MailText {
  subject: string;
  text: string;
}

const notesLine = (notes: string) =>
  notes.trim() ? `\n\nNotes from our team: ${notes.trim()}` : '';

/** The member's notification for a reviewed death report. */
export function reportReviewedText(data: EventData<'report.reviewed'>): NotificationText {
  return data.status === 'approved'
    ? {
        title: 'Death Report Approved',
        message: `Your death report has been approved. Our team will contact you within 24-48 hours.${notesLine(data.adminNotes)}`,
        type: NotificationType.SUCCESS,
      }
    : {
        title: 'Death Report Needs Revision',
        message: `Your death report was not approved.${notesLine(data.adminNotes)} Please review it on My Reports or contact us.`,
        type: NotificationType.WARNING,
      };
}

/** The member's notification for a reviewed document. */
export function documentReviewedText(data: EventData<'document.reviewed'>): NotificationText {
  const what = `Your document "${data.fileName}" (${data.documentType})`;
  return data.status === 'approved'
    ? {
        title: 'Document Approved',
        message: `${what} has been approved.${notesLine(data.adminNotes)}`,
        type: NotificationType.SUCCESS,
      }
    : {
        title: 'Document Rejected',
        message: `${what} was rejected.${notesLine(data.adminNotes)} Please upload a new copy.`,
        type: NotificationType.WARNING,
      };
}

/** The email that goes with a review notification. */
export function reviewEmail(
  notification: NotificationText,
  firstName: string,
  organisation: string,
): MailText {
  return {
    subject: `${organisation}: ${notification.title}`,
    text: `Assalamu alaikum ${firstName},\n\n${notification.message}\n\nSign in to ${organisation} to see the details.\n\n${organisation}`,
  };
}

/** The admins' alert for a new death report (no details of the deceased: they are in the app). */
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

/** The admins' alert for a new document (the seed's send-document-notification). */
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
export function memorySubmittedText(data: EventData<'memory.submitted'>): NotificationText {
  return {
    title: 'New Memory Awaiting Approval',
    message: `A memory was shared on the memorial page of ${data.memorialName}. Review it from the memorial's Memories tab.`,
    type: NotificationType.INFO,
  };
}

/** The contributor's notification: their memory is now listed. */
export function memoryApprovedText(data: EventData<'memory.approved'>): NotificationText {
  return {
    title: 'Memory Approved',
    message: `Your memory on the memorial page of ${data.memorialName} has been approved and is now shared.`,
    type: NotificationType.SUCCESS,
  };
}
