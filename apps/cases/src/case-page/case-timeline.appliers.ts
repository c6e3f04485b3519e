import { CaseValueMessages } from '@jibs/domain';
import type { EventOf } from '@jibs/events';
import type { NewTimelineEntry } from './case-timeline.service';

export const JANAZAH_TOPICS = [
  'janazah.published',
  'janazah.updated',
  'janazah.cancelled',
] as const;
export const ASSISTANCE_TOPICS = [
  'claim.updated',
  'assistance.proposed',
  'assistance.approved',
  'assistance.paid',
] as const;

/** A janazah notice's change as a step of its case. */
export function janazahEntry(event: EventOf<(typeof JANAZAH_TOPICS)[number]>): NewTimelineEntry {
  const base = {
    reportId: event.data.reportId,
    userId: event.data.userId,
    at: new Date(event.time),
  };
  switch (event.type) {
    case 'janazah.published':
      return { ...base, step: 'janazah_published', notes: event.data.masjidName };
    case 'janazah.updated':
      return { ...base, step: 'janazah_updated', notes: event.data.masjidName };
    case 'janazah.cancelled':
      return { ...base, step: 'janazah_cancelled', notes: event.data.reason };
  }
}

/** A claim's or payout's change as a step of its case (amounts in cents). */
export function assistanceEntry(
  event: EventOf<(typeof ASSISTANCE_TOPICS)[number]>,
): NewTimelineEntry {
  const base = {
    reportId: event.data.reportId,
    userId: event.data.userId,
    at: new Date(event.time),
  };
  switch (event.type) {
    case 'claim.updated':
      return event.data.lines.length
        ? { ...base, step: 'claim_updated', amount: event.data.total }
        : { ...base, step: 'claim_updated', label: CaseValueMessages.claimOpened, amount: null };
    case 'assistance.proposed':
      return { ...base, step: 'assistance_proposed', amount: event.data.amount };
    case 'assistance.approved':
      return { ...base, step: 'assistance_approved', amount: event.data.amount };
    case 'assistance.paid':
      return { ...base, step: 'assistance_paid', amount: event.data.amount };
  }
}
