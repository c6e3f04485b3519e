import { randomUUID } from 'node:crypto';
import { CaseChecklistMessages, checklistItemId, DEFAULT_SETTINGS } from '@jibs/domain';
import { eventually } from '@jibs/testing';
import { CasesHarness, type TestUser } from '../testing/cases-harness';

const CASE = `query($id: ID!) { deathReport(id: $id) {
  id status
  timeline { step label notes amount at }
  checklist { id key label owner documentType done familyMayTick automatic }
  caseDocuments { id documentType fileName status }
  handler { name }
} }`;
const TAKE = `mutation($id: ID!) { takeDeathReportCase(id: $id) { id } }`;
const TICK = `mutation($reportId: ID!, $itemId: ID!, $done: Boolean!) {
  setCaseChecklistItem(reportId: $reportId, itemId: $itemId, done: $done) {
    id checklist { key done } timeline { step label }
  }
}`;

type Item = { id: string; key: string; done: boolean; automatic: boolean; owner: string };

describe("the family's case page", () => {
  let h: CasesHarness;
  let admin: TestUser;

  beforeAll(async () => {
    h = await CasesHarness.start();
    admin = await h.anAdmin({ registered: true, firstName: 'Maryam', lastName: 'Hassan' });
  });

  afterAll(async () => {
    await h?.close();
  });

  const aFamily = () => h.aMember({ paid: true, registered: true, firstName: 'Omar' });
  const caseOf = async (id: string, caller: TestUser) =>
    (await h.ok(CASE, { id }, caller)).deathReport;
  /**
   * The approval opens the claim through cases' own claim.updated, read back from the bus: its
   * timeline line comes a moment after the approval's answer. Waits for it, so that what a test
   * does next is not raced by it.
   */
  const claimOpened = (reportId: string) =>
    eventually(
      async () =>
        (await h.count('case_timeline_entries', "report_id = $1 AND step = 'claim_updated'", [
          reportId,
        ])) > 0,
      { message: 'the claim opened line on the timeline' },
    );
  const approved = async (member: TestUser) => {
    const report = await h.submit(member);
    const body = await h.review(admin, report.id, 'APPROVED', 'Condolences from the fund.');
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    await claimOpened(report.id);
    return report.id as string;
  };
  const state = async (reportId: string) => ({
    ticks: await h.count('case_checklist_ticks', 'report_id = $1', [reportId]),
    timeline: await h.count('case_timeline_entries', 'report_id = $1', [reportId]),
    progressed: (await h.outbox('case.progressed')).length,
  });

  it('shows the case in order: submitted, under review, approved with notes, janazah, assistance', async () => {
    const member = await aFamily();
    const report = await h.submit(member);
    expect((await h.gql(TAKE, { id: report.id }, admin)).errors).toBeUndefined();
    // Taking it again is no new step.
    expect((await h.gql(TAKE, { id: report.id }, admin)).errors).toBeUndefined();
    expect(
      (await h.review(admin, report.id, 'APPROVED', 'Condolences from the fund.')).errors,
    ).toBeUndefined();
    await claimOpened(report.id);
    const base = { reportId: report.id, userId: member.id };
    const notice = {
      ...base,
      noticeId: randomUUID(),
      deceasedName: report.deceasedName,
      prayerAt: '2030-03-06T18:30:00.000Z',
      timeZone: 'America/Chicago',
      masjidName: 'Masjid Al-Noor',
      masjidAddress: '12 Main St',
      burialPlace: 'Garden of Peace',
      note: null,
      visibility: 'members' as const,
    };
    await h.deliverEvent(
      'janazah.published',
      { ...notice, publishedBy: admin.id },
      { subject: notice.noticeId },
    );
    const payout = {
      ...base,
      payoutId: randomUUID(),
      amount: 250_000,
      payee: 'funeral_home',
      method: 'check',
    } as const;
    await h.deliverEvent(
      'assistance.paid',
      { ...payout, paidOn: '2030-03-08', paidBy: admin.id },
      { subject: member.id },
    );

    const view = await caseOf(report.id, member);
    expect(
      view.timeline.map(
        (entry: { step: string; label: string; notes: string | null; amount: number | null }) => [
          entry.step,
          entry.label,
          entry.notes,
          entry.amount,
        ],
      ),
    ).toEqual([
      ['submitted', 'Report submitted', null, null],
      ['under_review', 'Under review', null, null],
      ['approved', 'Report approved', 'Condolences from the fund.', null],
      // The approval opens the claim (cases' own claim.updated, read back from the bus).
      ['claim_updated', 'Assistance claim opened', null, null],
      ['janazah_published', 'Janazah notice published', 'Masjid Al-Noor', null],
      ['assistance_paid', 'Assistance paid', null, 250_000],
    ]);
    expect(view.handler).toEqual({ name: 'Maryam Hassan' });
    const paid = view.checklist.find((item: Item) => item.key === 'assistance_paid');
    expect(paid).toMatchObject({ owner: 'admin', done: true, automatic: true });
    expect(view.checklist.map((item: Item) => item.key)).toEqual(
      DEFAULT_SETTINGS.caseChecklist.map((item) => item.key),
    );
    // The family is told the step cases performed, with no names.
    const told = (await h.outbox('case.progressed', member.id)).map((row) => row.envelope.data);
    expect(told).toEqual([
      {
        reportId: report.id,
        userId: member.id,
        step: 'under_review',
        label: 'Under review',
        at: expect.any(String),
      },
    ]);
    // The admin's console reads the same case.
    expect((await caseOf(report.id, admin)).timeline).toEqual(view.timeline);
  });

  it("answers another family's case as an unknown one, and refuses anonymous callers", async () => {
    const member = await aFamily();
    const other = await aFamily();
    const reportId = await approved(member);
    const asOther = await h.gql(CASE, { id: reportId }, other);
    const unknown = await h.gql(CASE, { id: randomUUID() }, other);
    expect(asOther.errors?.[0]).toMatchObject({
      message: 'Death report not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'Death report not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(asOther.data).toBeNull();
    expect((await h.gql(CASE, { id: reportId })).errors?.[0]?.extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    const before = await state(reportId);
    const tick = await h.gql(
      TICK,
      { reportId, itemId: checklistItemId(reportId, 'ghusl'), done: true },
      other,
    );
    expect(tick.errors?.[0]).toMatchObject({
      message: 'Death report not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const take = await h.gql(TAKE, { id: reportId }, other);
    expect(take.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await state(reportId)).toEqual(before);
  });

  it("lets the family tick their items, not an admin's, not another case's, not an unknown one", async () => {
    const member = await aFamily();
    const reportId = await approved(member);
    const otherCase = await approved(await aFamily());
    const before = await state(reportId);
    const refusals = [
      [checklistItemId(reportId, 'assistance_paid'), 'FORBIDDEN', CaseChecklistMessages.adminItem],
      [
        checklistItemId(otherCase, 'ghusl'),
        'BAD_USER_INPUT',
        CaseChecklistMessages.itemOfAnotherCase,
      ],
      [
        checklistItemId(reportId, 'no_such_item'),
        'BAD_USER_INPUT',
        CaseChecklistMessages.itemNotFound,
      ],
      ['ghusl', 'BAD_USER_INPUT', CaseChecklistMessages.itemNotFound],
    ] as const;
    for (const [itemId, code, message] of refusals) {
      const body = await h.gql(TICK, { reportId, itemId, done: true }, member);
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code } });
    }
    expect(await state(reportId)).toEqual(before);
    expect(await h.count('case_checklist_ticks', 'report_id = $1', [otherCase])).toBe(0);

    const ticked = await h.ok(
      TICK,
      { reportId, itemId: checklistItemId(reportId, 'ghusl'), done: true },
      member,
    );
    expect(
      ticked.setCaseChecklistItem.checklist.find((item: Item) => item.key === 'ghusl').done,
    ).toBe(true);
    expect(ticked.setCaseChecklistItem.timeline.at(-1)).toEqual({
      step: 'checklist',
      label: 'Ghusl arranged: done',
    });
    // Ticking it again changes nothing; the family is not told of their own tick.
    await h.ok(TICK, { reportId, itemId: checklistItemId(reportId, 'ghusl'), done: true }, member);
    expect(await state(reportId)).toEqual({ ...before, ticks: 1, timeline: before.timeline + 1 });
  });

  it('refuses an unknown case to an admin, and ticks on a rejected report, saving nothing', async () => {
    const member = await aFamily();
    const report = await h.submit(member);
    expect((await h.review(admin, report.id, 'REJECTED', null)).errors).toBeUndefined();
    const before = await state(report.id);
    for (const id of [randomUUID(), 'not-an-id']) {
      const take = await h.gql(TAKE, { id }, admin);
      expect(take.errors?.[0]).toMatchObject({
        message: 'Death report not found',
        extensions: { code: 'NOT_FOUND' },
      });
      const tick = await h.gql(TICK, { reportId: id, itemId: 'x', done: true }, admin);
      expect(tick.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    const rejected = await h.gql(
      TICK,
      { reportId: report.id, itemId: checklistItemId(report.id, 'ghusl'), done: true },
      member,
    );
    expect(rejected.errors?.[0]).toMatchObject({
      message: CaseChecklistMessages.reportRejected,
      extensions: { code: 'CONFLICT' },
    });
    expect(await state(report.id)).toEqual(before);
    expect(await h.count('case_handlers', 'report_id = $1', [report.id])).toBe(1);
  });

  it('lets an admin tick any item; the burial is a step the family is told of', async () => {
    const member = await aFamily();
    const reportId = await approved(member);
    const otherCase = await approved(await aFamily());
    const wrong = await h.gql(
      TICK,
      { reportId, itemId: checklistItemId(otherCase, 'burial'), done: true },
      admin,
    );
    expect(wrong.errors?.[0]).toMatchObject({ message: CaseChecklistMessages.itemOfAnotherCase });
    await h.ok(
      TICK,
      { reportId, itemId: checklistItemId(reportId, 'assistance_paid'), done: true },
      admin,
    );
    await h.ok(TICK, { reportId, itemId: checklistItemId(reportId, 'burial'), done: true }, admin);
    const view = await caseOf(reportId, member);
    expect(view.timeline.slice(-2).map((entry: { step: string }) => entry.step)).toEqual([
      'checklist',
      'burial_done',
    ]);
    const told = (await h.outbox('case.progressed', member.id)).map(
      (row) => row.envelope.data['step'],
    );
    expect(told).toEqual(['checklist', 'burial_done']);
  });

  it('ticks a document item itself once an approved document of that type exists, once however often delivered', async () => {
    const member = await aFamily();
    const reportId = await approved(member);
    const document = {
      documentId: randomUUID(),
      userId: member.id,
      documentType: 'Death Certificate',
      fileName: 'certificate.pdf',
    };
    await h.deliverEvent(
      'document.uploaded',
      { ...document, fileSize: 1_000, status: 'pending' },
      { subject: member.id },
    );
    let view = await caseOf(reportId, member);
    expect(view.checklist.find((item: Item) => item.key === 'death_certificate').done).toBe(false);
    expect(view.caseDocuments).toEqual([
      {
        id: document.documentId,
        documentType: 'Death Certificate',
        fileName: 'certificate.pdf',
        status: 'pending',
      },
    ]);
    const reviewed = h.envelope(
      'document.reviewed',
      { ...document, status: 'approved', adminNotes: '', reviewedBy: admin.id },
      member.id,
    );
    await h.publish([reviewed], 3);
    await h.handled(reviewed);
    view = await caseOf(reportId, member);
    expect(view.checklist.find((item: Item) => item.key === 'death_certificate')).toMatchObject({
      done: true,
      automatic: true,
    });
    expect(view.caseDocuments[0].status).toBe('approved');
    expect(view.timeline.filter((entry: { step: string }) => entry.step === 'checklist')).toEqual([
      expect.objectContaining({ label: 'Death certificate uploaded: done' }),
    ]);
    // Once per consumer group of cases that reads documents (the case page's and assistance's).
    expect(await h.count('inbox', 'event_id = $1', [reviewed.id])).toBe(
      h.groupsHandling('document.reviewed').length,
    );
  });

  it('adds nothing when a janazah or assistance event is delivered again', async () => {
    const member = await aFamily();
    const reportId = await approved(member);
    const base = { reportId, userId: member.id, payoutId: randomUUID(), amount: 90_000 };
    const proposed = h.envelope(
      'assistance.proposed',
      {
        ...base,
        payee: 'family',
        method: 'cash',
        proposedBy: admin.id,
        needsSecondApproval: false,
      },
      member.id,
    );
    const cancelled = h.envelope(
      'janazah.cancelled',
      {
        noticeId: randomUUID(),
        reportId,
        userId: member.id,
        deceasedName: 'x',
        prayerAt: '2030-01-01T12:00:00.000Z',
        timeZone: 'UTC',
        reason: 'Moved to another city',
        sequence: 2,
        cancelledBy: admin.id,
      },
      reportId,
    );
    await h.publish([proposed, cancelled], 3);
    await h.handled(proposed);
    await h.handled(cancelled);
    const view = await caseOf(reportId, member);
    expect(
      view.timeline
        .map((entry: { step: string }) => entry.step)
        .slice(2)
        .sort(),
    ).toEqual(['assistance_proposed', 'claim_updated', 'janazah_cancelled']);
  });

  it("takes the checklist's items from the settings, ignoring a copy it cannot read", async () => {
    const member = await aFamily();
    const reportId = await approved(member);
    const items = [{ key: 'imam', label: 'Imam booked', owner: 'admin' as const }];
    await h.deliverEvent(
      'settings.updated',
      {
        settings: { ...DEFAULT_SETTINGS, caseChecklist: items },
        changed: ['caseChecklist'],
        updatedBy: admin.id,
      },
      { subject: 'site' },
    );
    await h.deliverEvent(
      'settings.updated',
      {
        // Typed as the event says, but not a checklist the settings allow (the key's format).
        settings: { caseChecklist: [{ key: 'BAD KEY', label: 'Bad', owner: 'admin' }] },
        changed: ['caseChecklist'],
        updatedBy: admin.id,
      },
      { subject: 'site' },
    );
    const view = await caseOf(reportId, member);
    expect(view.checklist).toEqual([
      {
        id: checklistItemId(reportId, 'imam'),
        key: 'imam',
        label: 'Imam booked',
        owner: 'admin',
        documentType: null,
        done: false,
        familyMayTick: false,
        automatic: false,
      },
    ]);
    await h.deliverEvent(
      'settings.updated',
      { settings: { ...DEFAULT_SETTINGS }, changed: ['caseChecklist'], updatedBy: admin.id },
      { subject: 'site' },
    );
  });
});
