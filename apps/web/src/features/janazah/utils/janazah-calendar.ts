import { buildIcs, janazahCalendarInvite } from '@jibs/domain';

/** The notice as an .ics file the browser saves: built here, no request, no third party. */
export function downloadJanazahIcs(notice: Parameters<typeof janazahCalendarInvite>[0]): void {
  const ics = buildIcs(janazahCalendarInvite(notice));
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `janazah-${notice.id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
