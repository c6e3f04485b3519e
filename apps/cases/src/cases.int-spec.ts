import { randomUUID } from 'node:crypto';
import { listFieldDecisions, listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import {
  DeathReportMessages,
  latestDateOnEarth,
  MAX_ADMIN_NOTES_LENGTH,
  MAX_REPORT_NOTES_LENGTH,
} from '@jibs/domain';
import { INVISIBLE_NAMES } from '@jibs/testing';
import { aDeathReport, CasesHarness, REPORT_FIELDS, type TestUser } from './testing/cases-harness';

const SUBMIT = `mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { ${REPORT_FIELDS} } }`;
const MINE = `{ myDeathReports { ${REPORT_FIELDS} } }`;
const MY_COUNTS = '{ myDeathReportCounts { total pending } }';
const LIST = `query($search: String, $status: ReviewStatus, $limit: Int, $offset: Int) {
  deathReports(search: $search, status: $status, limit: $limit, offset: $offset) { ${REPORT_FIELDS} }
}`;
const STATS = '{ deathReportStats { total pending } }';
const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on DeathReport { id deceasedName } } }`;

/** A date `days` after the latest date anywhere on Earth. */
function daysAfterToday(days: number): string {
  const date = new Date(`${latestDateOnEarth()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('cases service', () => {
  let harness: CasesHarness;

  beforeAll(async () => {
    harness = await CasesHarness.start();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(harness.dataSource)).toEqual([]);
  });

  it('decides who may read every field and entity reference', () => {
    const fields = listFieldDecisions(harness.app);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((entry) => !entry.decision)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    const decisions = listOperationDecisions(harness.app);
    expect(decisions.filter((entry) => !entry.decision)).toEqual([]);
    expect(decisions.map((entry) => entry.operation.split('.').pop()).sort()).toEqual([
      'acceptLateClaim',
      'addClaimExpense',
      'attendJanazah',
      'cancelJanazahNotice',
      'deathReport',
      'deathReportStats',
      'deathReports',
      'deathReportsPerMonth',
      'discardDeadLetter',
      'janazahNotice',
      'janazahNotices',
      'myDeathReportCounts',
      'myDeathReports',
      'nextJanazahNotices',
      'operations',
      'publishJanazahNotice',
      'removeClaimExpense',
      'replayDeadLetter',
      'replayDeadLetters',
      'restoreMyDeathReports',
      'reviewDeathReport',
      'setCaseChecklistItem',
      'submitDeathReport',
      'takeDeathReportCase',
      'unattendJanazah',
      'updateJanazahNotice',
    ]);
  });

  describe('submitting and reading own reports', () => {
    it('stores a pending report, lists the own ones newest first and counts them', async () => {
      const member = await harness.aMember({ paid: true });
      const first = await harness.submit(member, {
        deceasedName: '  Aisha Rahman  ',
        placeOfDeath: ' Houston ',
        relationshipToDeceased: 'Spouse',
        additionalNotes: '   ',
      });
      expect(first).toMatchObject({
        deceasedName: 'Aisha Rahman',
        placeOfDeath: 'Houston',
        dateOfDeath: '2024-03-01',
        relationshipToDeceased: 'Spouse',
        additionalNotes: null,
        status: 'PENDING',
        adminNotes: null,
        reviewedAt: null,
        member: { id: member.id },
      });
      const second = await harness.submit(member, { additionalNotes: 'Janazah at the masjid' });
      expect(second.additionalNotes).toBe('Janazah at the masjid');

      const mine = await harness.gql(MINE, {}, member);
      expect(mine.errors).toBeUndefined();
      expect(mine.data.myDeathReports.map((r: { id: string }) => r.id)).toEqual([
        second.id,
        first.id,
      ]);
      const counts = await harness.gql(MY_COUNTS, {}, member);
      expect(counts.data.myDeathReportCounts).toEqual({ total: 2, pending: 2 });

      const [row] = await harness.dataSource.query(
        'SELECT user_id, deceased_name, date_of_death::text AS date, status FROM death_reports WHERE id = $1',
        [first.id],
      );
      expect(row).toEqual({
        user_id: member.id,
        deceased_name: 'Aisha Rahman',
        date: '2024-03-01',
        status: 'pending',
      });
    });

    it("never shows a member another member's reports", async () => {
      const [owner, other] = [
        await harness.aMember({ paid: true }),
        await harness.aMember({ paid: true }),
      ];
      const report = await harness.submit(owner);
      const mine = await harness.gql(MINE, {}, other);
      expect(mine.data.myDeathReports).toEqual([]);
      expect((await harness.gql(MY_COUNTS, {}, other)).data.myDeathReportCounts).toEqual({
        total: 0,
        pending: 0,
      });
      // Resolved as a federation reference: another member's id is not found.
      const foreign = await harness.gql(
        ENTITIES,
        { reps: [{ __typename: 'DeathReport', id: report.id }] },
        other,
      );
      expect(foreign.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      const own = await harness.gql(
        ENTITIES,
        { reps: [{ __typename: 'DeathReport', id: report.id }] },
        owner,
      );
      expect(own.data._entities).toEqual([{ id: report.id, deceasedName: report.deceasedName }]);
    });

    it('accepts a death on the latest date anywhere on Earth', async () => {
      const member = await harness.aMember({ paid: true });
      const report = await harness.submit(member, { dateOfDeath: latestDateOnEarth() });
      expect(report.dateOfDeath).toBe(latestDateOnEarth());
    });

    it('records report.submitted in the outbox, without the name of the deceased', async () => {
      const member = await harness.aMember({ paid: true });
      const report = await harness.submit(member, { relationshipToDeceased: 'Sibling' });
      const events = await harness.outbox('report.submitted', member.id);
      expect(events.map((row) => row.envelope.data)).toEqual([
        { reportId: report.id, userId: member.id, relationship: 'Sibling' },
      ]);
      expect(JSON.stringify(events)).not.toContain(report.deceasedName);
    });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'a date in the future',
        { dateOfDeath: daysAfterToday(2) },
        'dateOfDeath',
        DeathReportMessages.dateOfDeathInFuture,
      ],
      [
        'a date that does not exist',
        { dateOfDeath: '2024-02-30' },
        'dateOfDeath',
        DeathReportMessages.dateOfDeathInvalid,
      ],
      ['a blank date', { dateOfDeath: '' }, 'dateOfDeath', DeathReportMessages.dateOfDeathRequired],
      [
        'a blank name',
        { deceasedName: '' },
        'deceasedName',
        DeathReportMessages.deceasedNameRequired,
      ],
      [
        'a name of spaces',
        { deceasedName: '   ' },
        'deceasedName',
        DeathReportMessages.deceasedNameRequired,
      ],
      [
        'an unknown relationship',
        { relationshipToDeceased: 'Neighbour' },
        'relationshipToDeceased',
        DeathReportMessages.relationshipRequired,
      ],
      [
        'a missing place',
        { placeOfDeath: ' ' },
        'placeOfDeath',
        DeathReportMessages.placeOfDeathRequired,
      ],
      [
        'notes that are too long',
        { additionalNotes: 'x'.repeat(MAX_REPORT_NOTES_LENGTH + 1) },
        'additionalNotes',
        DeathReportMessages.notesTooLong,
      ],
    ];

    it.each(cases)(
      'refuses %s with the spec message and stores nothing',
      async (_, fields, field, message) => {
        const member = await harness.aMember({ paid: true });
        const result = await harness.gql(SUBMIT, { input: aDeathReport(fields) }, member);
        expect(result.data).toBeNull();
        expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toBe(message);
        expect(result.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
        expect(await harness.count('death_reports', 'user_id = $1', [member.id])).toBe(0);
        expect(await harness.count('outbox', 'key = $1', [member.id])).toBe(0);
      },
    );

    const invisible = INVISIBLE_NAMES.flatMap(([label, text]) => [
      { field: 'deceasedName', message: DeathReportMessages.deceasedNameRequired, label, text },
      { field: 'placeOfDeath', message: DeathReportMessages.placeOfDeathRequired, label, text },
    ]);

    it.each(invisible)(
      'refuses a $field of $label with the spec message and stores nothing',
      async ({ field, message, text }) => {
        const member = await harness.aMember({ paid: true });
        const result = await harness.gql(
          SUBMIT,
          { input: aDeathReport({ [field]: text }) },
          member,
        );
        expect(result.data).toBeNull();
        expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toBe(message);
        expect(result.errors?.[0]?.extensions.fieldErrors).toEqual({ [field]: message });
        expect(await harness.count('death_reports', 'user_id = $1', [member.id])).toBe(0);
        expect(await harness.count('outbox', 'key = $1', [member.id])).toBe(0);
      },
    );

    it('stores names as NFC without the invisible characters around them, and keeps ZWNJ inside', async () => {
      const member = await harness.aMember({ paid: true });
      const report = await harness.submit(member, {
        deceasedName: '\u200B Jose\u0301 Nun\u0303ez \u3164',
        placeOfDeath: '\u2800\u0645\u0634\u0647\u062F\u200C\u0645\u0642\u062F\u0633\uFEFF',
        additionalNotes: '\u200B\u2800',
      });
      expect(report).toMatchObject({
        deceasedName: 'Jos\u00E9 Nu\u00F1ez',
        placeOfDeath: '\u0645\u0634\u0647\u062F\u200C\u0645\u0642\u062F\u0633',
        additionalNotes: null,
      });
      const [row] = await harness.dataSource.query(
        'SELECT deceased_name, place_of_death, additional_notes FROM death_reports WHERE id = $1',
        [report.id],
      );
      expect(row).toEqual({
        deceased_name: 'Jos\u00E9 Nu\u00F1ez',
        place_of_death: '\u0645\u0634\u0647\u062F\u200C\u0645\u0642\u062F\u0633',
        additional_notes: null,
      });
    });

    it('reports every invalid field at once', async () => {
      const member = await harness.aMember({ paid: true });
      const result = await harness.gql(
        SUBMIT,
        {
          input: aDeathReport({
            deceasedName: '',
            placeOfDeath: '',
            relationshipToDeceased: '',
            dateOfDeath: '',
          }),
        },
        member,
      );
      expect(result.errors?.[0]?.extensions.fieldErrors).toEqual({
        deceasedName: DeathReportMessages.deceasedNameRequired,
        dateOfDeath: DeathReportMessages.dateOfDeathRequired,
        placeOfDeath: DeathReportMessages.placeOfDeathRequired,
        relationshipToDeceased: DeathReportMessages.relationshipRequired,
      });
    });
  });

  describe('permissions', () => {
    let member: TestUser;
    let admin: TestUser;
    let reportId: string;

    beforeAll(async () => {
      member = await harness.aMember({ paid: true });
      admin = await harness.anAdmin();
      reportId = (await harness.submit(member)).id;
    });

    const operations: [string, string, (id: string) => object][] = [
      ['myDeathReports', MINE, () => ({})],
      ['myDeathReportCounts', MY_COUNTS, () => ({})],
      ['submitDeathReport', SUBMIT, () => ({ input: aDeathReport() })],
      ['deathReports', LIST, () => ({})],
      ['deathReportStats', STATS, () => ({})],
      [
        'reviewDeathReport',
        `mutation($id: ID!) { reviewDeathReport(id: $id, decision: APPROVED) { id } }`,
        (id) => ({ id }),
      ],
    ];

    it.each(operations)('refuses %s to an anonymous caller', async (_, query, variables) => {
      const before = await harness.count('death_reports');
      const result = await harness.gql(query, variables(reportId));
      expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect(await harness.count('death_reports')).toBe(before);
      expect(await harness.count('audit_entries')).toBe(
        await harness.count('death_reports', "status <> 'pending'"),
      );
    });

    it.each(operations.slice(3))('refuses %s to a member', async (_, query, variables) => {
      const result = await harness.gql(query, variables(reportId), member);
      expect(result.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(
        await harness.count('death_reports', "id = $1 AND status = 'pending'", [reportId]),
      ).toBe(1);
    });

    it('refuses a member reviewing their own report, and resolves an admin reference', async () => {
      const own = await harness.review(member, reportId, 'APPROVED');
      expect(own.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      const reference = await harness.gql(
        ENTITIES,
        { reps: [{ __typename: 'DeathReport', id: reportId }] },
        admin,
      );
      expect(reference.data._entities[0].id).toBe(reportId);
      const anonymous = await harness.gql(ENTITIES, {
        reps: [{ __typename: 'DeathReport', id: reportId }],
      });
      expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    });

    it('lets an admin call every admin operation', async () => {
      const list = await harness.gql(LIST, {}, admin);
      expect(list.errors).toBeUndefined();
      expect(list.data.deathReports.map((r: { id: string }) => r.id)).toContain(reportId);
      const stats = await harness.gql(STATS, {}, admin);
      expect(stats.errors).toBeUndefined();
      const reviewed = await harness.review(admin, reportId, 'APPROVED');
      expect(reviewed.errors).toBeUndefined();
      expect(reviewed.data.reviewDeathReport.status).toBe('APPROVED');
    });
  });

  describe('review', () => {
    let admin: TestUser;
    let member: TestUser;

    beforeAll(async () => {
      admin = await harness.anAdmin();
      member = await harness.aMember({ paid: true });
    });

    it('approves with an empty note when none is given, and records who and when', async () => {
      const report = await harness.submit(member);
      const started = Date.now();
      const result = await harness.review(admin, report.id, 'APPROVED');
      expect(result.errors).toBeUndefined();
      const reviewed = result.data.reviewDeathReport;
      expect(reviewed).toMatchObject({ id: report.id, status: 'APPROVED', adminNotes: '' });
      expect(new Date(reviewed.reviewedAt).getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(new Date(reviewed.updatedAt).getTime()).toBeGreaterThan(
        new Date(report.updatedAt).getTime(),
      );
      const [row] = await harness.dataSource.query(
        'SELECT reviewed_by, reviewed_at FROM death_reports WHERE id = $1',
        [report.id],
      );
      expect(row.reviewed_by).toBe(admin.id);
      expect(row.reviewed_at).not.toBeNull();
    });

    it('approves with the trimmed notes given', async () => {
      const report = await harness.submit(member);
      const result = await harness.review(admin, report.id, 'APPROVED', '  Verified with family  ');
      expect(result.data.reviewDeathReport.adminNotes).toBe('Verified with family');
    });

    it.each([[undefined], [''], ['   ']])(
      "rejects with 'Report requires revision' when the notes are %p",
      async (notes) => {
        const report = await harness.submit(member);
        const result = await harness.review(admin, report.id, 'REJECTED', notes);
        expect(result.errors).toBeUndefined();
        expect(result.data.reviewDeathReport).toMatchObject({
          status: 'REJECTED',
          adminNotes: DeathReportMessages.defaultRejectionNote,
        });
      },
    );

    it('rejects with the notes given', async () => {
      const report = await harness.submit(member);
      const result = await harness.review(admin, report.id, 'REJECTED', 'Date does not match');
      expect(result.data.reviewDeathReport).toMatchObject({
        status: 'REJECTED',
        adminNotes: 'Date does not match',
      });
      const mine = await harness.gql(MINE, {}, member);
      expect(
        mine.data.myDeathReports.find((r: { id: string }) => r.id === report.id),
      ).toMatchObject({ status: 'REJECTED', adminNotes: 'Date does not match' });
    });

    it('writes one audit entry and one report.reviewed event with the decision', async () => {
      const report = await harness.submit(member);
      const result = await harness.review(admin, report.id, 'REJECTED', 'Missing certificate');
      expect(result.errors).toBeUndefined();
      const audit = await harness.dataSource.query(
        'SELECT actor_id, action, subject_type, before, after FROM audit_entries WHERE subject_id = $1',
        [report.id],
      );
      expect(audit).toEqual([
        {
          actor_id: admin.id,
          action: 'death_report.rejected',
          subject_type: 'death_report',
          before: { status: 'pending', adminNotes: null, reviewedBy: null, reviewedAt: null },
          after: {
            status: 'rejected',
            adminNotes: 'Missing certificate',
            reviewedBy: admin.id,
            reviewedAt: expect.any(String),
          },
        },
      ]);
      const events = (await harness.outbox('report.reviewed', member.id)).filter(
        (row) => row.envelope.data['reportId'] === report.id,
      );
      expect(events.map((row) => row.envelope.data)).toEqual([
        {
          reportId: report.id,
          userId: member.id,
          status: 'rejected',
          adminNotes: 'Missing certificate',
          reviewedBy: admin.id,
        },
      ]);
    });

    it('refuses a second review with CONFLICT and changes nothing', async () => {
      const report = await harness.submit(member);
      expect((await harness.review(admin, report.id, 'APPROVED', 'ok')).errors).toBeUndefined();
      const again = await harness.review(admin, report.id, 'REJECTED', 'changed my mind');
      expect(again.errors?.[0]?.extensions.code).toBe('CONFLICT');
      expect(again.errors?.[0]?.message).toBe(DeathReportMessages.notPending);
      const [row] = await harness.dataSource.query(
        'SELECT status, admin_notes FROM death_reports WHERE id = $1',
        [report.id],
      );
      expect(row).toEqual({ status: 'approved', admin_notes: 'ok' });
      expect(await harness.count('audit_entries', 'subject_id = $1', [report.id])).toBe(1);
      const events = await harness.outbox('report.reviewed', member.id);
      expect(events.filter((e) => e.envelope.data['reportId'] === report.id)).toHaveLength(1);
    });

    it('lets exactly one of concurrent reviews win', async () => {
      const report = await harness.submit(member);
      const admins = await Promise.all([1, 2, 3, 4, 5].map(() => harness.anAdmin()));
      const results = await Promise.all(
        admins.map((a, i) =>
          harness.review(a, report.id, i % 2 ? 'APPROVED' : 'REJECTED', `n${i}`),
        ),
      );
      const winners = results.filter((r) => !r.errors);
      const losers = results.filter((r) => r.errors);
      expect(winners).toHaveLength(1);
      expect(losers.map((r) => r.errors?.[0]?.extensions.code)).toEqual([
        'CONFLICT',
        'CONFLICT',
        'CONFLICT',
        'CONFLICT',
      ]);
      const winner = winners[0]!.data.reviewDeathReport;
      const [row] = await harness.dataSource.query(
        'SELECT status, admin_notes FROM death_reports WHERE id = $1',
        [report.id],
      );
      expect(row).toEqual({ status: winner.status.toLowerCase(), admin_notes: winner.adminNotes });
      expect(await harness.count('audit_entries', 'subject_id = $1', [report.id])).toBe(1);
      const events = await harness.outbox('report.reviewed', member.id);
      expect(events.filter((e) => e.envelope.data['reportId'] === report.id)).toHaveLength(1);
    });

    it('answers an unknown or malformed id with NOT_FOUND', async () => {
      for (const id of [randomUUID(), 'not-an-id']) {
        const result = await harness.review(admin, id, 'APPROVED');
        expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      }
    });

    it('refuses notes that are too long and leaves the report pending', async () => {
      const report = await harness.submit(member);
      const result = await harness.review(
        admin,
        report.id,
        'REJECTED',
        'x'.repeat(MAX_ADMIN_NOTES_LENGTH + 1),
      );
      expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toBe(DeathReportMessages.adminNotesTooLong);
      expect(
        await harness.count('death_reports', "id = $1 AND status = 'pending'", [report.id]),
      ).toBe(1);
      expect(await harness.count('audit_entries', 'subject_id = $1', [report.id])).toBe(0);
    });
  });

  describe('admin list and stats', () => {
    let admin: TestUser;

    beforeAll(async () => {
      admin = await harness.anAdmin();
    });

    it('searches by name or relationship (case-insensitive), filters by status, pages', async () => {
      const member = await harness.aMember({ paid: true });
      const tag = randomUUID().slice(0, 8);
      const a = await harness.submit(member, {
        deceasedName: `Zaynab ${tag} Qureshi`,
        relationshipToDeceased: 'Grandparent',
      });
      const b = await harness.submit(member, {
        deceasedName: `Omar ${tag} Farouk`,
        relationshipToDeceased: 'Friend',
      });
      await harness.review(admin, b.id, 'APPROVED');

      const ids = async (variables: object) => {
        const result = await harness.gql(LIST, variables, admin);
        expect(result.errors).toBeUndefined();
        return result.data.deathReports.map((r: { id: string }) => r.id);
      };
      expect(await ids({ search: tag.toUpperCase() })).toEqual([b.id, a.id]);
      expect(await ids({ search: `zaynab ${tag}` })).toEqual([a.id]);
      expect(await ids({ search: tag, status: 'APPROVED' })).toEqual([b.id]);
      expect(await ids({ search: tag, status: 'PENDING' })).toEqual([a.id]);
      expect(await ids({ search: tag, limit: 1 })).toEqual([b.id]);
      expect(await ids({ search: tag, limit: 1, offset: 1 })).toEqual([a.id]);
      expect(await ids({ search: '%' })).toEqual([]);
      const byRelationship = await ids({ search: 'grandPARENT', limit: 200 });
      expect(byRelationship).toContain(a.id);
      expect(byRelationship).not.toContain(b.id);
    });

    it('refuses a limit or offset out of range', async () => {
      for (const variables of [{ limit: 0 }, { limit: 201 }, { offset: -1 }]) {
        const result = await harness.gql(LIST, variables, admin);
        expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      }
    });

    it('counts all reports and the pending ones', async () => {
      const stats = async () => (await harness.gql(STATS, {}, admin)).data.deathReportStats;
      const before = await stats();
      expect(before).toEqual({
        total: await harness.count('death_reports'),
        pending: await harness.count('death_reports', "status = 'pending'"),
      });
      const member = await harness.aMember({ paid: true });
      const report = await harness.submit(member);
      expect(await stats()).toEqual({ total: before.total + 1, pending: before.pending + 1 });
      await harness.review(admin, report.id, 'APPROVED');
      expect(await stats()).toEqual({ total: before.total + 1, pending: before.pending });
    });
  });
});
