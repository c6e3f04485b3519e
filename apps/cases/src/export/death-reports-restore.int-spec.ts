import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeathReportMessages, MAX_GRAPHQL_REQUEST_BYTES, RequestMessages } from '@jibs/domain';
import type { ExportTestKit, ExportTestUser } from '@jibs/testing';
import { startWithExportKit } from '@jibs/testing';
import { casesService } from '../cases.module';
import { aDeathReport, CasesHarness } from '../testing/cases-harness';

const RESTORE = `mutation($reports: [RestoreDeathReportInput!]!) { restoreMyDeathReports(reports: $reports) }`;
const MINE = `{ myDeathReports { id deceasedName dateOfDeath placeOfDeath relationshipToDeceased additionalNotes status } }`;

describe("restoring a member's death reports from a backup", () => {
  let kit: ExportTestKit;
  let h: CasesHarness;
  let dataSource: DataSource;

  beforeAll(async () => {
    ({ kit, subgraph: h } = await startWithExportKit(casesService, {}, CasesHarness));
    ({ dataSource } = h);
  });

  afterAll(() => h?.close());

  /** The kit's member, who completed registration (what reporting needs). */
  const paidMember = async () => {
    const member = await kit.member();
    await h.registrationPaid(member.id);
    return member;
  };

  const gql = (query: string, variables: object, user?: ExportTestUser) =>
    h.gql(query, variables, user);

  /** The member's backup of their reports, as the web client makes it. */
  async function backupOf(user: ExportTestUser) {
    const body = await gql(MINE, {}, user);
    return (body.data.myDeathReports as Record<string, unknown>[]).map(
      ({ status: _status, ...report }) => report,
    );
  }

  const submit = async (user: ExportTestUser) => (await h.submit(user)).id as string;

  const rows = (where = 'true', params: unknown[] = []) => h.count('death_reports', where, params);

  it('refuses anonymous callers', async () => {
    const body = await gql(RESTORE, { reports: [{ id: randomUUID(), ...aDeathReport() }] });
    expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(await rows()).toBe(0);
  });

  it('re-creates what is missing under its id, as pending, and nothing the second time', async () => {
    const member = await paidMember();
    const kept = await submit(member);
    const lost = await submit(member);
    // The member's report was reviewed before it was lost: the backup cannot bring that back.
    await dataSource.query(`UPDATE death_reports SET status = 'approved' WHERE id = $1`, [lost]);
    const backup = await backupOf(member);
    await dataSource.query('DELETE FROM death_reports WHERE id = $1', [lost]);
    const before = await dataSource.query(
      `SELECT count(*)::int AS n FROM outbox WHERE topic = 'report.submitted'`,
    );

    const first = await gql(RESTORE, { reports: backup }, member);
    expect(first.errors).toBeUndefined();
    expect(first.data.restoreMyDeathReports).toBe(1);
    const [row] = await dataSource.query(
      'SELECT user_id, status, reviewed_by FROM death_reports WHERE id = $1',
      [lost],
    );
    expect(row).toEqual({ user_id: member.id, status: 'pending', reviewed_by: null });
    const mine = await backupOf(member);
    expect(mine.map((report) => report['id']).sort()).toEqual([kept, lost].sort());
    expect(mine.find((report) => report['id'] === lost)).toEqual(
      backup.find((report) => report['id'] === lost),
    );
    const after = await dataSource.query(
      `SELECT count(*)::int AS n FROM outbox WHERE topic = 'report.submitted'`,
    );
    expect(after[0].n).toBe(before[0].n + 1);

    const second = await gql(RESTORE, { reports: backup }, member);
    expect(second.data.restoreMyDeathReports).toBe(0);
    expect(await rows('user_id = $1', [member.id])).toBe(2);
  });

  it("never writes another member's report from a forged backup", async () => {
    const owner = await paidMember();
    const forger = await paidMember();
    const theirs = await submit(owner);
    const [original] = await dataSource.query('SELECT * FROM death_reports WHERE id = $1', [
      theirs,
    ]);
    const forged = [{ id: theirs, ...aDeathReport({ deceasedName: 'Forged Name' }) }];
    const body = await gql(RESTORE, { reports: forged }, forger);
    expect(body.data.restoreMyDeathReports).toBe(0);
    const [now] = await dataSource.query('SELECT * FROM death_reports WHERE id = $1', [theirs]);
    expect(now).toEqual(original);
    expect(await rows('user_id = $1', [forger.id])).toBe(0);
  });

  it('checks the whole backup first: one bad report and nothing is written', async () => {
    const member = await paidMember();
    const good = { id: randomUUID(), ...aDeathReport() };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...aDeathReport({ deceasedName: '   ' }), id: randomUUID() },
        'reports.1.deceasedName',
        DeathReportMessages.deceasedNameRequired,
      ],
      [
        { ...aDeathReport({ dateOfDeath: '2999-01-01' }), id: randomUUID() },
        'reports.1.dateOfDeath',
        DeathReportMessages.dateOfDeathInFuture,
      ],
      [{ ...aDeathReport(), id: 'not-a-uuid' }, 'reports.1.id', 'This report id is not valid'],
      [{ ...good }, 'reports.1.id', 'This report appears twice in the backup'],
    ];
    for (const [bad, field, message] of cases) {
      const body = await gql(RESTORE, { reports: [good, bad] }, member);
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions.fieldErrors).toEqual({ [field]: message });
      expect(body.errors?.[0]?.message).toBe(message);
    }
    expect(await rows('user_id = $1', [member.id])).toBe(0);
  });

  /** `count` reports with long notes, and the size of the request that carries them. */
  const longBackup = (count: number) => {
    const reports = Array.from({ length: count }, () => ({
      id: randomUUID(),
      ...aDeathReport({ additionalNotes: 'n'.repeat(4_000) }),
    }));
    return { reports, bytes: JSON.stringify({ query: RESTORE, variables: { reports } }).length };
  };

  it('takes any restore the gateway lets through, up to its limit', async () => {
    const member = await paidMember();
    const count = Math.floor(MAX_GRAPHQL_REQUEST_BYTES / 4_200);
    const { reports, bytes } = longBackup(count);
    expect(bytes).toBeGreaterThan(MAX_GRAPHQL_REQUEST_BYTES * 0.9);
    expect(bytes).toBeLessThan(MAX_GRAPHQL_REQUEST_BYTES);
    const body = await gql(RESTORE, { reports }, member);
    expect(body.errors).toBeUndefined();
    expect(body.data.restoreMyDeathReports).toBe(count);
  });

  it('answers a body too large for it as a GraphQL error, writing nothing', async () => {
    const member = await paidMember();
    const { reports, bytes } = longBackup(Math.ceil((2.2 * MAX_GRAPHQL_REQUEST_BYTES) / 4_100));
    expect(bytes).toBeGreaterThan(2 * MAX_GRAPHQL_REQUEST_BYTES);
    const response = await h.request(RESTORE, { reports }, member, {
      accept: 'application/graphql-response+json, application/json;q=0.9',
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe(
      'application/graphql-response+json; charset=utf-8',
    );
    expect(await response.json()).toEqual({
      errors: [{ message: RequestMessages.tooLarge, extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(await rows('user_id = $1', [member.id])).toBe(0);
  });
});
