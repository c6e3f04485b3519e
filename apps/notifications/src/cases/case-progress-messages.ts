import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';

/** The family's notification for a step of their case (the label is safe: no names). */
export function caseProgressedText(data: EventData<'case.progressed'>): NotificationText {
  return {
    title: data.step === 'burial_done' ? 'Burial Done' : 'Your Case Progressed',
    message: `${data.label}. See your case on My Reports: /my-reports/${data.reportId}`,
    type: data.step === 'under_review' ? NotificationType.INFO : NotificationType.SUCCESS,
  };
}
