import { randomUUID } from 'node:crypto';
import { ASSISTANCE_BILLING_GROUP } from '../assistance/assistance-facts.consumer';
import { listOperationDecisions } from '@jibs/auth';
import { Messages } from '@jibs/domain';
import { membersGroups } from '@jibs/subgraph';
import { aDeathReport, CasesHarness, REPORT_FIELDS } from '../testing/cases-harness';

const { registrations: REGISTRATIONS_GROUP } = membersGroups('cases');

const SUBMIT = `mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { ${REPORT_FIELDS} } }`;
const MINE = `{ myDeathReports { id } }`;
const MY_COUNTS = '{ myDeathReportCounts { total pending } }';
const RESTORE = `mutation($reports: [RestoreDeathReportInput!]!) { restoreMyDeathReports(reports: $reports) }`;

/** Spec 2 and 6: reporting a death and reading own reports need completed registration. */
describe('cases: completed registration required', () => {
  let h: CasesHarness;

  beforeAll(async () => {
    h = await CasesHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  const reportsOf = (userId: string) => h.count('death_reports', 'user_id = $1', [userId]);

  it("asks for registration on every member's operation", () => {
    const decisions = Object.fromEntries(
      listOperationDecisions(h.app).map((entry) => [
        entry.operation.split('.').pop(),
        entry.decision,
      ]),
    );
    for (const operation of [
      'submitDeathReport',
      'myDeathReports',
      'myDeathReportCounts',
      'restoreMyDeathReports',
    ])
      expect(decisions[operation]).toEqual({ kind: 'registered' });
  });

  it('refuses a member who never paid the registration fee, and writes nothing', async () => {
    const member = await h.aMember();
    const restored = { id: randomUUID(), ...aDeathReport() };
    for (const [query, variables] of [
      [SUBMIT, { input: aDeathReport() }],
      [RESTORE, { reports: [restored] }],
      [MINE, {}],
      [MY_COUNTS, {}],
    ] as const) {
      const body = await h.gql(query, variables, member);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(body.errors?.[0]?.message).toBe(Messages.registrationRequired);
    }
    expect(await reportsOf(member.id)).toBe(0);
    expect(await h.count('death_reports', 'id = $1', [restored.id])).toBe(0);
    expect(await h.count('members', 'user_id = $1', [member.id])).toBe(0);
  });

  it('lets the member report once billing says the fee is paid, and no one else', async () => {
    const member = await h.aMember();
    const other = await h.aMember();
    await h.registrationPaid(member.id);
    const report = await h.submit(member);
    expect(await h.ok(MINE, {}, member)).toEqual({ myDeathReports: [{ id: report.id }] });
    const refused = await h.gql(SUBMIT, { input: aDeathReport() }, other);
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await reportsOf(other.id)).toBe(0);
  });

  it('exempts admins, who never pay a registration fee', async () => {
    const admin = await h.anAdmin();
    const report = await h.submit(admin);
    expect(report.member).toEqual({ id: admin.id });
    expect(await h.ok(MY_COUNTS, {}, admin)).toEqual({
      myDeathReportCounts: { total: 1, pending: 1 },
    });
  });

  it('still refuses anonymous callers as unauthenticated, writing nothing', async () => {
    const before = await h.count('death_reports');
    for (const query of [SUBMIT, MINE]) {
      const body = await h.gql(query, { input: aDeathReport() });
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
    expect(await h.count('death_reports')).toBe(before);
  });

  it('learns each payment once: a redelivered or repeated event changes nothing', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const events = [first, second].map((userId) =>
      h.envelope('membership.registration_paid', { userId }, userId, { source: 'jibs/billing' }),
    );
    await h.publish(events, 3);
    for (const event of events) await h.handled(event);
    await h.registrationPaid(first);
    expect(
      await h.count('members', 'user_id = ANY($1) AND registration_paid', [[first, second]]),
    ).toBe(2);
    expect(await h.count('members', 'user_id = ANY($1)', [[first, second]])).toBe(2);
  });

  it('learns it in a group of its own (identity events are not needed); burial assistance reads the household from it in another', () => {
    // A new consumer group starts at the beginning of the log, so members who paid before this
    // consumer was deployed are learnt too; cases keeps no names, so the order of
    // `user.registered` and the payment cannot matter here.
    expect(h.groupsHandling('membership.registration_paid')).toEqual([
      REGISTRATIONS_GROUP,
      ASSISTANCE_BILLING_GROUP,
    ]);
    expect(h.groupsHandling('user.registered')).toEqual([]);
  });
});
