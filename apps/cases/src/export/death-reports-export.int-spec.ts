import { DataSource } from 'typeorm';
import { DataExportMessages } from '@jibs/domain';
import { gatewayHeaders } from '@jibs/subgraph';
import type { ExportTestKit, ExportTestUser } from '@jibs/testing';
import { eventually, startWithExportKit } from '@jibs/testing';
import { casesService } from '../cases.module';
import { CasesHarness } from '../testing/cases-harness';

describe('admin export of death_reports', () => {
  let kit: ExportTestKit;
  let h: CasesHarness;
  let url: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    ({ kit, subgraph: h } = await startWithExportKit(casesService, {}, CasesHarness));
    ({ url, dataSource } = h);
  });

  afterAll(() => h?.close());

  /** The kit's member, who completed registration (what reporting needs). */
  const paidMember = async () => {
    const member = await kit.member();
    await h.registrationPaid(member.id);
    return member;
  };

  const submit = async (user: ExportTestUser, overrides: Record<string, unknown> = {}) =>
    (await h.submit(user, overrides)).id as string;

  const audits = () => h.count('audit_entries');

  it('refuses anonymous callers, members, callers without the gateway credential and unknown tables', async () => {
    const member = await paidMember();
    const admin = await kit.admin();
    const anonymous = await kit.exportTable(url, 'death_reports');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const forged = await kit.exportTable(url, 'death_reports', {}, { ...admin, token: 'x.y.z' });
    expect((await forged.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const asMember = await kit.exportTable(url, 'death_reports', {}, member);
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    const sideDoor = await kit.exportTable(url, 'death_reports', {}, admin, {
      withoutCredential: true,
    });
    expect(sideDoor.status).toBe(403);
    const elsewhere = await kit.exportTable(url, 'payments', {}, admin);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await audits()).toBe(0);
  });

  it("refuses bad ranges with the spec's messages and audits nothing", async () => {
    const admin = await kit.admin();
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-01-01' }, DataExportMessages.dateRangeIncomplete],
      [{ from: '2020-01-01', to: '2999-01-01' }, DataExportMessages.dateInFuture],
      [{ from: '2025-02-01', to: '2025-01-01' }, DataExportMessages.startAfterEnd],
      [{ from: '2025-02-31', to: '2025-03-01' }, DataExportMessages.invalidDate],
      [{ format: 'xml' }, 'Please choose json or csv'],
    ];
    for (const [query, message] of cases) {
      const res = await kit.exportTable(url, 'death_reports', query, admin);
      expect(res.status).toBe(400);
      const [error] = (await res.json()).errors;
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
      expect(error.message).toBe(message);
    }
    expect(await audits()).toBe(0);
  });

  it('streams CSV with every report, escaped and safe from formulas, and audits the export', async () => {
    const member = await paidMember();
    const admin = await kit.admin();
    const evil = await submit(member, {
      deceasedName: '=HYPERLINK("http://evil.example","click")',
      additionalNotes: 'Funeral, then "dinner"\nat home',
    });
    const plain = await submit(member, { deceasedName: 'Aisha Rahman', additionalNotes: null });
    const res = await kit.exportTable(url, 'death_reports', { format: 'csv' }, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="jibs-death_reports-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    const [header] = text.split('\r\n');
    expect(header).toBe(
      'id,user_id,deceased_name,date_of_death,place_of_death,relationship_to_deceased,additional_notes,status,admin_notes,reviewed_by,reviewed_at,created_at,updated_at',
    );
    expect(text).toContain(
      `${evil},${member.id},"'=HYPERLINK(""http://evil.example"",""click"")",2024-03-01,`,
    );
    expect(text).toContain(',"Funeral, then ""dinner""\nat home",pending,');
    expect(text).toContain(`${plain},${member.id},Aisha Rahman,2024-03-01,`);

    const [entry] = await dataSource.query(
      `SELECT actor_id, action, subject_type, subject_id, after FROM audit_entries`,
    );
    expect(entry).toEqual({
      actor_id: admin.id,
      action: 'export',
      subject_type: 'export',
      subject_id: 'death_reports',
      after: { format: 'csv', from: null, to: null },
    });
    const [event] = await dataSource.query(
      `SELECT count(*)::int AS n FROM outbox WHERE topic = 'audit.recorded'`,
    );
    expect(event.n).toBe(1);
    const [{ envelope }] = await dataSource.query(
      `SELECT envelope FROM outbox WHERE topic = 'audit.recorded'`,
    );
    expect(envelope).toMatchObject({
      source: 'jibs/cases',
      data: { service: 'jibs/cases', action: 'export' },
    });
  });

  it('writes JSON with the metadata and keeps to the date range', async () => {
    const member = await paidMember();
    const admin = await kit.admin();
    const old = await submit(member);
    const recent = await submit(member);
    await dataSource.query(
      `UPDATE death_reports SET created_at = '2025-06-10T12:00:00Z' WHERE id = $1`,
      [old],
    );
    const res = await kit.exportTable(
      url,
      'death_reports',
      { format: 'json', metadata: 'true', from: '2025-06-01', to: '2025-06-30' },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await res.json();
    expect(body.metadata).toEqual({
      exportedAt: expect.any(String),
      exportedBy: admin.email,
      version: '1.0',
    });
    const ids = body.data.death_reports.map((row: { id: string }) => row.id);
    expect(ids).toEqual([old]);
    expect(ids).not.toContain(recent);
    expect(body.data.death_reports[0]).toMatchObject({
      user_id: member.id,
      status: 'pending',
      created_at: '2025-06-10T12:00:00.000Z',
    });

    const everything = await (await kit.exportTable(url, 'death_reports', {}, admin)).json();
    expect(everything.metadata).toBeUndefined();
    const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM death_reports');
    expect(everything.data.death_reports).toHaveLength(n);
  });
  it('streams at most two exports at once, so the connection pool keeps serving GraphQL', async () => {
    const admin = await kit.admin();
    // About 20 MB of CSV: more than the sockets buffer, so an unread export stays open.
    await dataSource.query(
      `INSERT INTO death_reports (user_id, deceased_name, date_of_death, place_of_death, relationship_to_deceased, additional_notes)
       SELECT gen_random_uuid(), 'Bulk ' || n, '2024-01-01', 'Houston', 'Parent', repeat('x', 1000)
       FROM generate_series(1, 20000) n`,
    );
    const open = [
      await kit.exportTable(url, 'death_reports', { format: 'csv' }, admin),
      await kit.exportTable(url, 'death_reports', { format: 'csv' }, admin),
    ];
    expect(open.map((res) => res.status)).toEqual([200, 200]);
    const third = await kit.exportTable(url, 'death_reports', { format: 'csv' }, admin);
    expect(third.status).toBe(429);
    expect((await third.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
    // GraphQL keeps answering while both exports hold their connections.
    const member = await paidMember();
    await submit(member);
    const reads = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        fetch(`${url}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...gatewayHeaders(kit.gatewaySecret),
            authorization: `Bearer ${member.token}`,
          },
          body: JSON.stringify({ query: '{ myDeathReports { id } }' }),
        }).then((res) => res.json()),
      ),
    );
    expect(reads.map((body) => body.data.myDeathReports.length)).toEqual([1, 1, 1, 1, 1]);
    // A reader going away frees its slot.
    await open[0]!.body!.cancel();
    const next = await eventually(async () => {
      const res = await kit.exportTable(url, 'death_reports', { format: 'json' }, admin);
      if (res.status === 200) return res;
      await res.body?.cancel();
      return null;
    });
    const body = await next.json();
    expect(body.data.death_reports.length).toBeGreaterThan(20000);
    await open[1]!.body!.cancel();
  }, 60_000);
});
