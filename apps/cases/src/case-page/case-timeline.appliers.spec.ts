import { randomUUID } from 'node:crypto';
import { buildEnvelope, type EventData, type EventOf, type EventType } from '@jibs/events';
import { assistanceEntry, janazahEntry } from './case-timeline.appliers';

const reportId = randomUUID();
const userId = randomUUID();

function event<T extends EventType>(type: T, data: EventData<T>): EventOf<T> {
  return buildEnvelope(type, data, { source: 'jibs/test', subject: userId }) as EventOf<T>;
}

const notice = {
  noticeId: randomUUID(),
  reportId,
  userId,
  deceasedName: 'Amina Yusuf',
  prayerAt: '2030-03-06T18:30:00.000Z',
  timeZone: 'America/New_York',
  masjidName: 'Masjid Al-Noor',
  masjidAddress: '12 Main St',
  burialPlace: 'Springfield Cemetery',
  note: null,
  visibility: 'members' as const,
};

describe("a case's timeline entries from other services' events", () => {
  it('names the masjid of a notice and the reason of a cancellation, never the deceased', () => {
    const published = janazahEntry(event('janazah.published', { ...notice, publishedBy: userId }));
    expect(published).toMatchObject({
      reportId,
      userId,
      step: 'janazah_published',
      notes: 'Masjid Al-Noor',
    });
    const cancelled = janazahEntry(
      event('janazah.cancelled', {
        ...notice,
        reason: 'Moved to Chicago',
        sequence: 2,
        cancelledBy: userId,
      }),
    );
    expect(cancelled).toMatchObject({ step: 'janazah_cancelled', notes: 'Moved to Chicago' });
    expect(JSON.stringify([published, cancelled])).not.toContain('Amina');
  });

  it('opens the claim without an amount, then carries the totals and payout amounts', () => {
    const claim = { reportId, userId, covered: true, windowOverride: false };
    expect(
      assistanceEntry(event('claim.updated', { ...claim, lines: [], total: 0 })),
    ).toMatchObject({
      step: 'claim_updated',
      label: 'Assistance claim opened',
      amount: null,
    });
    const line = {
      lineId: randomUUID(),
      category: 'funeral_home',
      amount: 120_000,
      payee: 'funeral_home' as const,
      documentId: randomUUID(),
    };
    const updated = assistanceEntry(
      event('claim.updated', { ...claim, lines: [line], total: 120_000 }),
    );
    expect(updated).toMatchObject({ step: 'claim_updated', amount: 120_000 });
    expect(updated.label).toBeUndefined();
    const paid = assistanceEntry(
      event('assistance.paid', {
        payoutId: randomUUID(),
        reportId,
        userId,
        amount: 100_000,
        payee: 'funeral_home',
        method: 'check',
        paidOn: '2030-03-09',
        paidBy: userId,
      }),
    );
    expect(paid).toMatchObject({ step: 'assistance_paid', amount: 100_000 });
  });
});
