import { randomUUID } from 'node:crypto';
import { AdminUserMessages } from '@jibs/domain';
import { IdentityHarness, type TestUser } from '../testing/identity-harness';

const SET_ROLE = `mutation($userId: ID!, $role: String!) {
  setUserRole(userId: $userId, role: $role) { id role }
}`;
/** What the gateway sends for billing's adminUsers page: many User references at once. */
const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    ... on User { id email fullName role createdAt addressLine1 city state zipCode }
  }
}`;

describe('admin users in identity: roles', () => {
  let identity: IdentityHarness;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
    admin = await identity.anAdmin();
    member = await identity.aMember();
  });

  afterAll(async () => {
    await identity?.close();
  });

  const setRole = (userId: string, role: string, token?: string) =>
    identity.gql(SET_ROLE, { userId, role }, { token });
  const roleOf = async (id: string) =>
    (await identity.dataSource.query('SELECT role FROM accounts WHERE id = $1', [id]))[0]?.role;
  // The race below demotes one of the last two admins, either one: later tests need an admin.
  beforeEach(async () => {
    if ((await roleOf(admin.id)) !== 'admin') admin = await identity.anAdmin();
  });
  const audits = (subjectId: string) =>
    identity.dataSource.query(
      `SELECT actor_id, action, subject_type, member_id, before, after FROM audit_entries
        WHERE subject_id = $1 ORDER BY created_at`,
      [subjectId],
    );

  it('refuses anonymous callers and members, and changes nothing', async () => {
    const anonymous = await setRole(member.id, 'admin');
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const asMember = await setRole(member.id, 'admin', member.accessToken);
    expect(asMember.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const demoteAdmin = await setRole(admin.id, 'member', member.accessToken);
    expect(demoteAdmin.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await roleOf(member.id)).toBe('member');
    expect(await roleOf(admin.id)).toBe('admin');
    expect(await identity.count('outbox', `topic = 'user.role_changed'`)).toBe(0);
  });

  it('refuses an unknown role or user with a specific error, and changes nothing', async () => {
    const unknown = await setRole(member.id, 'superuser', admin.accessToken);
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: AdminUserMessages.unknownRole,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { role: AdminUserMessages.unknownRole } },
    });
    for (const id of ['not-an-id', randomUUID()]) {
      const missing = await setRole(id, 'admin', admin.accessToken);
      expect(missing.body.errors?.[0]).toMatchObject({
        message: AdminUserMessages.userNotFound,
        extensions: { code: 'NOT_FOUND' },
      });
    }
    expect(await roleOf(member.id)).toBe('member');
    expect(await identity.count('audit_entries')).toBe(0);
  });

  it('refuses to demote the last admin', async () => {
    const last = await setRole(admin.id, 'member', admin.accessToken);
    expect(last.body.errors?.[0]).toMatchObject({
      message: AdminUserMessages.lastAdmin,
      extensions: { code: 'CONFLICT' },
    });
    expect(await roleOf(admin.id)).toBe('admin');
    expect(await identity.count('audit_entries')).toBe(0);
  });

  it('promotes and demotes, audited and published, and ends the user’s sessions', async () => {
    const target = await identity.aMember();
    const promoted = await setRole(target.id, 'ADMIN', admin.accessToken);
    expect(promoted.body.errors).toBeUndefined();
    expect(promoted.body.data.setUserRole).toEqual({ id: target.id, role: 'ADMIN' });
    expect(await roleOf(target.id)).toBe('admin');

    // The same role again changes nothing: no second event, no second audit entry.
    await setRole(target.id, 'admin', admin.accessToken);
    const events = (await identity.outbox('user.role_changed', target.id)).map(
      (e) => e.envelope.data,
    );
    expect(events).toEqual([
      { userId: target.id, from: 'member', to: 'admin', changedBy: admin.id },
    ]);
    expect(await audits(target.id)).toEqual([
      {
        actor_id: admin.id,
        action: 'user.role_changed',
        subject_type: 'account',
        member_id: target.id,
        before: { role: 'member' },
        after: { role: 'admin' },
      },
    ]);
    expect(
      await identity.count('outbox', `topic = 'audit.recorded' AND key = $1`, [target.id]),
    ).toBe(1);
    // The service named by its publisher, both as the event's source and as the entry's service.
    const [audited] = await identity.outbox('audit.recorded', target.id);
    expect(audited.envelope).toMatchObject({
      source: 'jibs/identity',
      data: { service: 'jibs/identity', action: 'user.role_changed' },
    });

    // The old access token and refresh cookie no longer work: a new sign-in (with an
    // authenticator, now that they are an admin) gives the new role.
    const me = await identity.gql('{ me { id } }', undefined, { token: target.accessToken });
    expect(me.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const refreshed = await identity.gql('mutation { refreshSession { accessToken } }', undefined, {
      cookie: target.refreshCookie,
    });
    expect(refreshed.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const asAdmin = await identity.enrolAdmin(target.email, target.password);

    const demoted = await setRole(target.id, 'member', admin.accessToken);
    expect(demoted.body.data.setUserRole.role).toBe('MEMBER');
    const meAfter = await identity.gql('{ me { id } }', undefined, { token: asAdmin.accessToken });
    expect(meAfter.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await audits(target.id)).map((entry: { after: unknown }) => entry.after)).toEqual([
      { role: 'admin' },
      { role: 'member' },
    ]);
  });

  it('leaves one admin when the last two demote each other at the same time', async () => {
    const second = await identity.anAdmin();
    const admins = async () =>
      (
        await identity.dataSource.query(
          `SELECT count(*)::int AS n FROM accounts WHERE role = 'admin'`,
        )
      )[0].n;
    expect(await admins()).toBe(2);
    const [a, b] = await Promise.all([
      setRole(second.id, 'member', admin.accessToken),
      setRole(admin.id, 'member', second.accessToken),
    ]);
    const outcomes = [a, b].map((r) => r.body.errors?.[0]?.extensions?.code ?? 'OK').sort();
    expect(outcomes).toEqual(['CONFLICT', 'OK']);
    expect(await admins()).toBe(1);
    expect(
      await identity.count(
        'outbox',
        `topic = 'user.role_changed' AND envelope->'data'->>'to' = 'member' AND key IN ($1, $2)`,
        [admin.id, second.id],
      ),
    ).toBe(1);
  });

  it('resolves a page of users for an admin with one query, and nothing for a member', async () => {
    const others = await Promise.all([identity.aMember(), identity.aMember(), identity.aMember()]);
    const representations = others.map((user) => ({ __typename: 'User', id: user.id }));
    const statements: string[] = [];
    const logger = identity.dataSource.logger as unknown as { logQuery: (q: string) => void };
    const original = logger.logQuery;
    logger.logQuery = (query: string) => {
      statements.push(query);
    };
    try {
      const { body } = await identity.gql(
        ENTITIES,
        { representations },
        { token: admin.accessToken },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data._entities.map((user: { id: string }) => user.id)).toEqual(
        others.map((u) => u.id),
      );
      expect(body.data._entities[0]).toMatchObject({
        addressLine1: '4 Elm St',
        city: 'Dearborn',
        role: 'MEMBER',
      });
    } finally {
      logger.logQuery = original;
    }
    expect(statements.filter((q) => /FROM "accounts"/.test(q))).toHaveLength(1);

    const { body } = await identity.gql(
      ENTITIES,
      { representations },
      { token: member.accessToken },
    );
    expect(body.data._entities).toEqual([null, null, null]);
  });
});
