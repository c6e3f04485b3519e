import { NotificationType } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import type { NotificationText } from '../billing/billing-messages';
import type { MemberLanguage } from '../languages/member-languages';
import { messagesOf } from '../languages/message-text';

/** libs/i18n's `CaseNotifications` catalogue. */
const say = messagesOf('CaseNotifications');

/**
 * The step's words: the event's label (safe: no names) in English; in another language the
 * step's own words, or the label for a checklist item (the admins name those items).
 */
function stepLabel(data: EventData<'case.progressed'>, lang: MemberLanguage): string {
  if (lang.language === 'en' || data.step === 'checklist') return data.label;
  return say(lang, data.step === 'burial_done' ? 'burialDone' : 'underReview');
}

/** The family's notification for a step of their case. */
export function caseProgressedText(
  data: EventData<'case.progressed'>,
  lang: MemberLanguage,
): NotificationText {
  return {
    title: say(lang, data.step === 'burial_done' ? 'burialDoneTitle' : 'progressedTitle'),
    message: say(lang, 'message', {
      label: stepLabel(data, lang),
      link: `/my-reports/${data.reportId}`,
    }),
    type: data.step === 'under_review' ? NotificationType.INFO : NotificationType.SUCCESS,
  };
}
