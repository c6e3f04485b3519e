import { randomUUID } from 'node:crypto';
import { AssistanceMessages, DeathReportMessages } from '@jibs/domain';
import { CasesMessages } from '../death-reports/cases-messages';
import { CasesHarness, type TestUser } from '../testing/cases-harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

const CLAIM =
  'claim { reportId windowOverride total lines { id category amount payeeKind payeeName documentId } }';
const ADD = `mutation($input: AddClaimExpenseInput!) { addClaimExpense(input: $input) { id ${CLAIM} } }`;
const REMOVE = `mutation($lineId: ID!) { removeClaimExpense(lineId: $lineId) { id ${CLAIM} } }`;
const ACCEPT = `mutation($reportId: ID!, $note: String!) { acceptLateClaim(reportId: $reportId, note: $note) { id ${CLAIM} } }`;
const MINE = `{ myDeathReports { id ${CLAIM} } }`;

describe('the claim: expense lines of an approved report', () => {
  let harness: CasesHarness;
  let admin: TestUser;

  beforeAll(async () => {
    harness = await CasesHarness.start();
    admin = await harness.anAdmin();
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** A paid, active member with monthly dues since 200 days ago. */
  async function aCoveredMember(): Promise<TestUser> {
    const member = await harness.aMember({ paid: true });
    const billing = { subject: member.id, source: 'jibs/billing' };
    await harness.deliverEvent(
      'membership.status_changed',
      { userId: member.id, from: 'pending', to: 'active', reason: 'test' },
      { ...billing, time: daysAgo(200) },
    );
    for (const at of [200, 30]) {
      await harness.deliverEvent(
        'payment.completed',
        {
          paymentId: randomUUID(),
          userId: member.id,
          amount: 2500,
          currency: 'usd',
          type: at === 200 ? 'registration' : 'membership',
          description: null,
          providerPaymentId: null,
        },
        { ...billing, time: daysAgo(at) },
      );
    }
    return member;
  }

  async function anInvoice(member: TestUser, documentType = 'Funeral Home Invoice') {
    const documentId = randomUUID();
    await harness.deliverEvent(
      'document.uploaded',
      {
        documentId,
        userId: member.id,
        documentType,
        fileName: 'invoice.pdf',
        fileSize: 1000,
        status: 'pending',
      },
      { subject: member.id, source: 'jibs/documents' },
    );
    return documentId;
  }

  async function anApprovedReport(member: TestUser, deathDaysAgo = 10): Promise<string> {
    const report = await harness.submit(member, {
      dateOfDeath: dayOf(daysAgo(deathDaysAgo)),
      deceasedKind: 'ACCOUNT_HOLDER',
    });
    const reviewed = await harness.review(admin, report.id, 'APPROVED', 'Covered');
    expect(reviewed.errors).toBeUndefined();
    return report.id as string;
  }

  const line = (reportId: string, documentId: string, overrides: Record<string, unknown> = {}) => ({
    reportId,
    category: 'funeral_home',
    amount: 350_000,
    payeeKind: 'funeral_home',
    payeeName: 'Dallas Islamic Funeral Services',
    documentId,
    ...overrides,
  });

  const claimEvents = async (reportId: string) =>
    (await harness.outbox('claim.updated'))
      .map((row) => row.envelope.data)
      .filter((data) => data['reportId'] === reportId);

  it('publishes the claim on approval, then on every line added or removed', async () => {
    const member = await aCoveredMember();
    const documentId = await anInvoice(member);
    const reportId = await anApprovedReport(member);
    expect(await claimEvents(reportId)).toEqual([
      { reportId, userId: member.id, covered: true, windowOverride: false, lines: [], total: 0 },
    ]);

    const added = await harness.ok(ADD, { input: line(reportId, documentId) }, member);
    const [first] = added.addClaimExpense.claim.lines;
    expect(added.addClaimExpense.claim).toMatchObject({ total: 350_000, windowOverride: false });
    expect(first).toMatchObject({
      category: 'funeral_home',
      amount: 350_000,
      payeeKind: 'funeral_home',
      payeeName: 'Dallas Islamic Funeral Services',
      documentId,
    });
    // An admin adds one for the family, with the family's own receipt.
    const receipt = await anInvoice(member, 'Receipt');
    await harness.ok(
      ADD,
      {
        input: line(reportId, receipt, {
          category: 'ghusl_kafan',
          amount: 25_000,
          payeeKind: 'family',
          payeeName: 'Aisha Rahman',
        }),
      },
      admin,
    );
    const removed = await harness.ok(REMOVE, { lineId: first.id }, member);
    expect(removed.removeClaimExpense.claim.total).toBe(25_000);

    const events = await claimEvents(reportId);
    expect(events.map((data) => data['total'])).toEqual([0, 350_000, 375_000, 25_000]);
    expect(events[2]!['lines']).toEqual([
      {
        lineId: first.id,
        category: 'funeral_home',
        amount: 350_000,
        payee: 'funeral_home',
        documentId,
      },
      expect.objectContaining({ category: 'ghusl_kafan', payee: 'family', documentId: receipt }),
    ]);
    const mine = await harness.ok(MINE, {}, member);
    expect(mine.myDeathReports[0].claim.lines).toHaveLength(1);
  });

  it('keeps every line of concurrent adds, each publishing the claim as it then stood', async () => {
    const member = await aCoveredMember();
    const documentId = await anInvoice(member);
    const reportId = await anApprovedReport(member);
    const results = await Promise.all(
      [10_000, 20_000, 30_000].map((amount) =>
        harness.gql(ADD, { input: line(reportId, documentId, { amount }) }, member),
      ),
    );
    expect(results.filter((body) => body.errors)).toEqual([]);
    const totals = (await claimEvents(reportId)).map((data) => data['total'] as number);
    // The report's lock orders them: each event's total includes the ones before it.
    expect(totals[0]).toBe(0);
    expect(totals[3]).toBe(60_000);
    expect(totals).toHaveLength(4);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
  });

  describe('bad input: refused with the reason, nothing stored or published', () => {
    let member: TestUser;
    let reportId: string;
    let documentId: string;

    beforeAll(async () => {
      member = await aCoveredMember();
      documentId = await anInvoice(member);
      reportId = await anApprovedReport(member);
    });

    const refuse = async (
      input: Record<string, unknown>,
      code: string,
      expected: { field?: string; message: string },
      caller: TestUser = member,
    ) => {
      const lines = await harness.count('claim_lines');
      const events = await harness.count('outbox', `topic = 'claim.updated'`);
      const body = await harness.gql(ADD, { input }, caller);
      expect(body.errors?.[0]?.extensions.code).toBe(code);
      if (expected.field)
        expect(body.errors?.[0]?.extensions['fieldErrors']).toEqual({
          [expected.field]: expected.message,
        });
      else expect(body.errors?.[0]?.message).toBe(expected.message);
      expect(await harness.count('claim_lines')).toBe(lines);
      expect(await harness.count('outbox', `topic = 'claim.updated'`)).toBe(events);
    };

    it.each([
      [
        'an unknown category',
        { category: 'flowers' },
        'category',
        AssistanceMessages.unknownCategory,
      ],
      ['a zero amount', { amount: 0 }, 'amount', AssistanceMessages.amountNotPositive],
      ['a negative amount', { amount: -500 }, 'amount', AssistanceMessages.amountNotPositive],
      [
        'an unknown payee kind',
        { payeeKind: 'mosque' },
        'payeeKind',
        AssistanceMessages.payeeKindRequired,
      ],
      [
        'a blank payee name',
        { payeeName: '   ' },
        'payeeName',
        AssistanceMessages.payeeNameRequired,
      ],
      [
        'an unknown invoice',
        { documentId: randomUUID() },
        'documentId',
        AssistanceMessages.invoiceNotFound,
      ],
    ])('refuses %s', async (_name, overrides, field, message) => {
      await refuse(line(reportId, documentId, overrides), 'BAD_USER_INPUT', { field, message });
    });

    it("refuses another member's invoice, even from an admin", async () => {
      const other = await aCoveredMember();
      const theirs = await anInvoice(other);
      const expected = { field: 'documentId', message: AssistanceMessages.invoiceNotFound };
      await refuse(line(reportId, theirs), 'BAD_USER_INPUT', expected);
      await refuse(line(reportId, theirs), 'BAD_USER_INPUT', expected, admin);
    });

    it('refuses a document that is not an invoice, and a rejected one', async () => {
      const certificate = await anInvoice(member, 'Death Certificate');
      await refuse(line(reportId, certificate), 'BAD_USER_INPUT', {
        field: 'documentId',
        message: AssistanceMessages.invoiceWrongType,
      });
      const rejected = await anInvoice(member);
      await harness.deliverEvent(
        'document.reviewed',
        {
          documentId: rejected,
          userId: member.id,
          documentType: 'Funeral Home Invoice',
          fileName: 'invoice.pdf',
          status: 'rejected',
          adminNotes: 'Unreadable',
          reviewedBy: admin.id,
        },
        { subject: member.id, source: 'jibs/documents' },
      );
      await refuse(line(reportId, rejected), 'BAD_USER_INPUT', {
        field: 'documentId',
        message: AssistanceMessages.invoiceRejected,
      });
    });

    it("refuses another member's report as not found", async () => {
      const other = await aCoveredMember();
      const theirDocument = await anInvoice(other);
      await refuse(
        line(reportId, theirDocument),
        'NOT_FOUND',
        {
          message: CasesMessages.reportNotFound,
        },
        other,
      );
    });

    it('refuses a report that is not approved', async () => {
      const pending = await harness.submit(member, { deceasedKind: 'ACCOUNT_HOLDER' });
      await refuse(line(pending.id, documentId), 'CONFLICT', {
        message: AssistanceMessages.reportNotApproved,
      });
      const rejected = await harness.submit(member);
      await harness.review(admin, rejected.id, 'REJECTED', 'No');
      await refuse(line(rejected.id, documentId), 'CONFLICT', {
        message: AssistanceMessages.reportNotApproved,
      });
    });

    it('refuses anonymous callers', async () => {
      const body = await harness.gql(ADD, { input: line(reportId, documentId) });
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('outside the claim window', () => {
    it('refuses lines until an admin accepts the claim with a note, kept in the audit trail', async () => {
      const member = await aCoveredMember();
      const documentId = await anInvoice(member);
      const reportId = await anApprovedReport(member, 120);
      expect((await claimEvents(reportId))[0]).toMatchObject({ covered: false });
      const refused = await harness.gql(ADD, { input: line(reportId, documentId) }, member);
      expect(refused.errors?.[0]?.extensions.code).toBe('CONFLICT');
      expect(refused.errors?.[0]?.message).toBe(AssistanceMessages.outsideClaimWindow);

      // Only admins accept, and only with a note.
      const byMember = await harness.gql(ACCEPT, { reportId, note: 'please' }, member);
      expect(byMember.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      const blank = await harness.gql(ACCEPT, { reportId, note: '  ' }, admin);
      expect(blank.errors?.[0]?.extensions.fieldErrors).toEqual({
        note: AssistanceMessages.overrideNoteRequired,
      });
      expect(
        await harness.count('audit_entries', `action = 'death_report.late_claim_accepted'`),
      ).toBe(0);

      const accepted = await harness.ok(
        ACCEPT,
        { reportId, note: 'The family was abroad; certificate delayed' },
        admin,
      );
      expect(accepted.acceptLateClaim.claim.windowOverride).toBe(true);
      const [audit] = await harness.dataSource.query(
        `SELECT actor_id, after FROM audit_entries WHERE subject_id = $1 AND action = 'death_report.late_claim_accepted'`,
        [reportId],
      );
      expect(audit).toEqual({
        actor_id: admin.id,
        after: { windowOverride: true, note: 'The family was abroad; certificate delayed' },
      });
      const again = await harness.gql(ACCEPT, { reportId, note: 'again' }, admin);
      expect(again.errors?.[0]?.message).toBe(AssistanceMessages.windowAlreadyMet);

      await harness.ok(ADD, { input: line(reportId, documentId) }, member);
      const events = await claimEvents(reportId);
      expect(events.map((data) => [data['windowOverride'], data['total']])).toEqual([
        [false, 0],
        [true, 0],
        [true, 350_000],
      ]);
    });

    it('refuses to accept a report inside the window or not approved', async () => {
      const member = await aCoveredMember();
      const inside = await anApprovedReport(member);
      const body = await harness.gql(ACCEPT, { reportId: inside, note: 'why' }, admin);
      expect(body.errors?.[0]?.message).toBe(AssistanceMessages.windowAlreadyMet);
      const pending = await harness.submit(member);
      const notApproved = await harness.gql(ACCEPT, { reportId: pending.id, note: 'why' }, admin);
      expect(notApproved.errors?.[0]?.message).toBe(AssistanceMessages.reportNotApproved);
      const unknown = await harness.gql(ACCEPT, { reportId: randomUUID(), note: 'why' }, admin);
      expect(unknown.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    });
  });

  describe('removing a line', () => {
    it("refuses another member's line and an unknown one, and removes a line once", async () => {
      const member = await aCoveredMember();
      const documentId = await anInvoice(member);
      const reportId = await anApprovedReport(member);
      const added = await harness.ok(ADD, { input: line(reportId, documentId) }, member);
      const lineId = added.addClaimExpense.claim.lines[0].id as string;
      const other = await aCoveredMember();
      for (const [caller, id] of [
        [other, lineId],
        [member, randomUUID()],
        [member, 'not-an-id'],
      ] as const) {
        const body = await harness.gql(REMOVE, { lineId: id }, caller);
        expect(body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
        expect(body.errors?.[0]?.message).toBe(AssistanceMessages.lineNotFound);
      }
      expect(await harness.count('claim_lines', 'report_id = $1', [reportId])).toBe(1);
      const anonymous = await harness.gql(REMOVE, { lineId });
      expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      // Twice at once: one removes it, the other finds it gone; one event.
      const results = await Promise.all([
        harness.gql(REMOVE, { lineId }, member),
        harness.gql(REMOVE, { lineId }, member),
      ]);
      expect(results.filter((body) => !body.errors)).toHaveLength(1);
      expect((await claimEvents(reportId)).map((data) => data['total'])).toEqual([0, 350_000, 0]);
    });
  });

  it("keeps the spec's review wording: a second review is still refused", async () => {
    const member = await aCoveredMember();
    const reportId = await anApprovedReport(member);
    const again = await harness.review(admin, reportId, 'REJECTED', 'changed');
    expect(again.errors?.[0]?.message).toBe(DeathReportMessages.notPending);
    expect(await claimEvents(reportId)).toHaveLength(1);
  });
});
