import { DATE_TIME_REFUSAL } from '@jibs/subgraph';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@jibs/database';
import { buildEnvelope, type EventBroker, type EventData } from '@jibs/events';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { AUDIT_TRAIL_GROUP } from './audit-trail.consumer';
import { AuditTrailMessages } from './audit-trail.service';

const TRAIL = `query($filter: AuditTrailFilter, $first: Int, $after: String) {
  auditTrail(filter: $filter, first: $first, after: $after) {
    entries { id service action subjectType subjectId actor { id } member { id } before after recordedAt }
    endCursor hasNextPage
  }
}`;

type Entry = EventData<'audit.recorded'>;

describe('audit trail (notifications)', () => {
  const { harness, gql, tokenFor, anAdmin } = notificationsUnderTest({ listen: true });
  let dataSource: DataSource;
  let broker: EventBroker;

  beforeAll(() => {
    ({ dataSource, broker } = harness());
  });

  function anEntry(overrides: Partial<Entry> = {}): Entry {
    return {
      entryId: randomUUID(),
      service: 'jibs/cases',
      actorId: randomUUID(),
      action: 'death_report.approved',
      subjectType: 'death_report',
      subjectId: randomUUID(),
      memberId: randomUUID(),
      before: { status: 'pending' },
      after: { status: 'approved' },
      recordedAt: new Date().toISOString(),
      ...overrides,
    };
  }

  const envelopeOf = (entry: Entry) =>
    buildEnvelope('audit.recorded', entry, {
      source: entry.service,
      subject: entry.memberId ?? entry.subjectId,
    });

  const stored = async (entryId: string) =>
    (await dataSource.query('SELECT 1 FROM audit_trail WHERE entry_id = $1', [entryId])).length;

  async function record(entries: Entry[]): Promise<void> {
    await broker.publish(
      entries.map((entry) => ({
        topic: 'audit.recorded',
        key: entry.memberId ?? entry.subjectId,
        envelope: envelopeOf(entry),
      })),
    );
    await eventually(
      async () => (await Promise.all(entries.map((e) => stored(e.entryId)))).every(Boolean),
      { message: 'entries stored' },
    );
  }

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(dataSource)).toEqual([]);
  });

  it('refuses anonymous callers and members', async () => {
    const member = await tokenFor(randomUUID(), 'member');
    for (const query of [TRAIL, '{ auditTrailServices }']) {
      const anonymous = await gql(query);
      expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect(anonymous.data ?? null).toBeNull();
      const asMember = await gql(query, {}, member);
      expect(asMember.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(asMember.data ?? null).toBeNull();
    }
    // A member filtering on their own id gets nothing either.
    const own = randomUUID();
    const ownToken = await tokenFor(own, 'member');
    const filtered = await gql(TRAIL, { filter: { memberId: own } }, ownToken);
    expect(filtered.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it('stores each entry exactly once, however often and under whatever event it is delivered', async () => {
    const entry = anEntry();
    const first = envelopeOf(entry);
    // The same event twice, and the same entry again under a new event id.
    const again = envelopeOf(entry);
    const sentinel = anEntry({ memberId: entry.memberId });
    const key = entry.memberId!;
    await broker.publish([
      { topic: 'audit.recorded', key, envelope: first },
      { topic: 'audit.recorded', key, envelope: first },
      { topic: 'audit.recorded', key, envelope: again },
      { topic: 'audit.recorded', key, envelope: envelopeOf(sentinel) },
    ]);
    await eventually(async () => (await stored(sentinel.entryId)) === 1, {
      message: 'sentinel stored',
    });
    await eventually(
      async () =>
        (
          await dataSource.query(
            'SELECT 1 FROM inbox WHERE consumer_group = $1 AND event_id = ANY($2)',
            [AUDIT_TRAIL_GROUP, [first.id, again.id]],
          )
        ).length === 2,
      { message: 'both events handled' },
    );
    const rows = await dataSource.query(
      'SELECT entry_id, service, actor_id, action, member_id, before, after FROM audit_trail WHERE entry_id = $1',
      [entry.entryId],
    );
    expect(rows).toEqual([
      {
        entry_id: entry.entryId,
        service: 'jibs/cases',
        actor_id: entry.actorId,
        action: 'death_report.approved',
        member_id: entry.memberId,
        before: { status: 'pending' },
        after: { status: 'approved' },
      },
    ]);
  });

  it('lists newest first with actor and member references, and pages by cursor', async () => {
    const memberId = randomUUID();
    const base = Date.parse('2026-01-10T12:00:00Z');
    const entries = Array.from({ length: 5 }, (_, i) =>
      anEntry({ memberId, recordedAt: new Date(base + i * 60_000).toISOString() }),
    );
    // Two at the same instant: the id breaks the tie, and neither is skipped between pages.
    entries.push(anEntry({ memberId, recordedAt: entries[4]!.recordedAt }));
    await record(entries);
    const admin = await anAdmin();
    const expected = [...entries]
      .sort((a, b) =>
        a.recordedAt === b.recordedAt
          ? b.entryId.localeCompare(a.entryId)
          : b.recordedAt.localeCompare(a.recordedAt),
      )
      .map((e) => e.entryId);

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const body = await gql(TRAIL, { filter: { memberId }, first: 4, after }, admin);
      expect(body.errors).toBeUndefined();
      const page = body.data.auditTrail;
      seen.push(...page.entries.map((e: { id: string }) => e.id));
      after = page.endCursor;
      expect(page.hasNextPage).toBe(after !== null);
      pages += 1;
    } while (after && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(expected);

    const one = (await gql(TRAIL, { filter: { memberId }, first: 1 }, admin)).data.auditTrail
      .entries[0];
    const newest = entries.find((e) => e.entryId === expected[0])!;
    expect(one).toEqual({
      id: newest.entryId,
      service: 'jibs/cases',
      action: 'death_report.approved',
      subjectType: 'death_report',
      subjectId: newest.subjectId,
      actor: { id: newest.actorId },
      member: { id: memberId },
      before: JSON.stringify({ status: 'pending' }),
      after: JSON.stringify({ status: 'approved' }),
      recordedAt: newest.recordedAt,
    });
  });

  it('filters by member, actor, action, service and time', async () => {
    const actorId = randomUUID();
    const memberId = randomUUID();
    const settings = anEntry({
      actorId,
      service: 'jibs/identity',
      action: 'settings.updated',
      subjectType: 'settings',
      subjectId: 'site',
      memberId: null,
      recordedAt: '2026-02-01T10:00:00.000Z',
    });
    const role = anEntry({
      actorId,
      service: 'jibs/identity',
      action: 'user.role_changed',
      subjectType: 'user',
      memberId,
      recordedAt: '2026-02-02T10:00:00.000Z',
    });
    const document = anEntry({
      service: 'jibs/documents',
      action: 'document.approved',
      subjectType: 'document',
      memberId,
      recordedAt: '2026-02-03T10:00:00.000Z',
    });
    await record([settings, role, document]);
    const admin = await anAdmin();
    const ids = async (filter: object) => {
      const body = await gql(TRAIL, { filter, first: 100 }, admin);
      expect(body.errors).toBeUndefined();
      return body.data.auditTrail.entries.map((e: { id: string }) => e.id);
    };
    expect(await ids({ memberId })).toEqual([document.entryId, role.entryId]);
    expect(await ids({ actorId })).toEqual([role.entryId, settings.entryId]);
    expect(await ids({ actorId, action: 'settings.updated' })).toEqual([settings.entryId]);
    expect(await ids({ memberId, service: 'documents' })).toEqual([document.entryId]);
    expect(await ids({ memberId, service: 'jibs/identity' })).toEqual([role.entryId]);
    expect(
      await ids({ actorId, from: '2026-02-02T00:00:00.000Z', to: '2026-02-03T00:00:00.000Z' }),
    ).toEqual([role.entryId]);
    const services = (await gql('{ auditTrailServices }', {}, admin)).data.auditTrailServices;
    expect(services).toEqual(expect.arrayContaining(['jibs/identity', 'jibs/documents']));
  });

  it.each([
    [{ filter: { memberId: 'not-an-id' } }, 'memberId', AuditTrailMessages.memberId],
    [{ filter: { actorId: 'x' } }, 'actorId', AuditTrailMessages.actorId],
    [{ filter: { action: 'a'.repeat(65) } }, 'action', AuditTrailMessages.action],
    [
      { filter: { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' } },
      'to',
      AuditTrailMessages.range,
    ],
    [{ first: 0 }, 'first', AuditTrailMessages.first],
    [{ first: 101 }, 'first', AuditTrailMessages.first],
    [{ after: 'garbage' }, 'after', AuditTrailMessages.after],
  ])('refuses bad input %j with a specific message', async (variables, field, message) => {
    const body = await gql(TRAIL, variables, await anAdmin());
    expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.message).toBe(message);
    expect(body.errors?.[0]?.extensions.fieldErrors).toEqual({ [field]: message });
  });

  it.each(['soon', '2026-02-30T25:00:00Z', ''])(
    'refuses a from date %j that is not a date-time as bad input, naming the format',
    async (from) => {
      const body = await gql(TRAIL, { filter: { from } }, await anAdmin());
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.message).toContain(DATE_TIME_REFUSAL);
      expect(body.data ?? null).toBeNull();
    },
  );
});
