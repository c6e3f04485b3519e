import { randomUUID } from 'node:crypto';
import { AdminUserMessages } from '@jibs/domain';
import { BillingHarness, type TestMember } from '../testing/billing-harness';

const PAGE = `query($search: String, $status: String, $limit: Int, $offset: Int) {
  adminUsers(search: $search, status: $status, limit: $limit, offset: $offset) {
    total
    users { id membershipStatus registrationFeePaid }
  }
}`;
const SET_STATUS = `mutation($userId: ID!, $status: String!) {
  setMembershipStatus(userId: $userId, status: $status) { id membershipStatus }
}`;
const HOUSEHOLD = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    ... on User { id household { fullName relationship } }
  }
}`;
const ONE = `query($id: ID!) { adminUser(id: $id) { id membershipStatus } }`;
const SAVE = `mutation($input: SaveHouseholdInput!) { saveHousehold(input: $input) { id } }`;

describe('admin users in billing: the list, membership status, households', () => {
  let h: BillingHarness;
  let adminToken: string;
  let member: TestMember;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    h = await BillingHarness.start();
    adminToken = await h.token(randomUUID(), 'admin');
    member = await h.aMember(`Amina${tag}`);
  });

  afterAll(async () => {
    await h?.close();
  });

  const statusOf = async (userId: string) =>
    (
      await h.dataSource.query('SELECT membership_status FROM members WHERE user_id = $1', [userId])
    )[0]?.membership_status;

  it('refuses anonymous callers and members on every admin operation, and changes nothing', async () => {
    const operations: [string, object][] = [
      [PAGE, {}],
      [ONE, { id: member.id }],
      [SET_STATUS, { userId: member.id, status: 'inactive' }],
    ];
    for (const [query, variables] of operations) {
      expect((await h.gql(query, variables)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect((await h.gql(query, variables, member.token)).errors?.[0]?.extensions.code).toBe(
        'FORBIDDEN',
      );
    }
    // A member cannot read a household through the admin-shaped User field, even their own.
    const household = await h.gql(
      HOUSEHOLD,
      { representations: [{ __typename: 'User', id: member.id }] },
      member.token,
    );
    expect(household.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await statusOf(member.id)).toBe('pending');
    expect(await h.count('audit_entries')).toBe(0);
  });

  it('searches names and emails literally, filters by status and pages newest first', async () => {
    const others = [];
    for (const name of ['Bilal', 'Bilqis', 'Omar']) others.push(await h.aMember(`${name}${tag}`));
    const page = async (variables: object) => {
      const result = await h.gql(PAGE, variables, adminToken);
      expect(result.errors).toBeUndefined();
      return result.data.adminUsers as { total: number; users: { id: string }[] };
    };
    const bil = await page({ search: `bil`, limit: 100 });
    expect(bil.users.map((u) => u.id)).toEqual(
      expect.arrayContaining([others[0]!.id, others[1]!.id]),
    );
    const exact = await page({ search: `Bilqis${tag} ali` });
    expect(exact).toEqual({
      total: 1,
      users: [{ id: others[1]!.id, membershipStatus: 'PENDING', registrationFeePaid: false }],
    });
    // By email (the harness's are {id}@example.com), case-insensitively.
    expect((await page({ search: others[2]!.id.toUpperCase() })).users).toHaveLength(1);
    // % and _ are letters here, not wildcards.
    expect(await page({ search: '%' })).toEqual({ total: 0, users: [] });
    expect((await page({ search: `_mar${tag}` })).total).toBe(0);
    // Newest first, paged by the server, the total of all matches on every page.
    const all = await page({ search: tag, limit: 100 });
    expect(all.total).toBe(4);
    expect(all.users.map((u) => u.id)).toEqual([
      others[2]!.id,
      others[1]!.id,
      others[0]!.id,
      member.id,
    ]);
    const second = await page({ search: tag, limit: 2, offset: 2 });
    expect(second.total).toBe(4);
    expect(second.users.map((u) => u.id)).toEqual([others[0]!.id, member.id]);
    expect(await page({ search: tag, limit: 2, offset: 10 })).toEqual({ total: 4, users: [] });
    expect(await page({ search: tag, status: 'ACTIVE' })).toEqual({ total: 0, users: [] });
    expect((await page({ search: tag, status: 'pending' })).total).toBe(4);
  });

  it('finds one user for the details drawer, and no one else', async () => {
    const found = await h.gql(ONE, { id: member.id }, adminToken);
    expect(found.data.adminUser).toEqual({ id: member.id, membershipStatus: 'PENDING' });
    for (const id of ['not-an-id', randomUUID()]) {
      expect((await h.gql(ONE, { id }, adminToken)).errors?.[0]).toMatchObject({
        message: AdminUserMessages.userNotFound,
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });

  it('refuses bad paging, an unknown status filter and an absurd search', async () => {
    const error = async (variables: object) =>
      (await h.gql(PAGE, variables, adminToken)).errors?.[0];
    expect(await error({ limit: 0 })).toMatchObject({
      message: AdminUserMessages.limitOutOfRange,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await error({ limit: 1000 })).toMatchObject({
      message: AdminUserMessages.limitOutOfRange,
    });
    expect(await error({ offset: -1 })).toMatchObject({
      message: AdminUserMessages.offsetOutOfRange,
    });
    expect(await error({ status: 'revoked' })).toMatchObject({
      message: AdminUserMessages.unknownStatus,
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { status: AdminUserMessages.unknownStatus },
      },
    });
    expect(await error({ search: 'x'.repeat(300) })).toMatchObject({
      message: AdminUserMessages.searchTooLong,
    });
  });

  it('sets a membership status: audited, published with the admin, the same status twice once', async () => {
    const adminId = randomUUID();
    const token = await h.token(adminId, 'admin');
    const target = await h.aMember(`Status${tag}`);
    const bad = await h.gql(SET_STATUS, { userId: target.id, status: 'revoked' }, token);
    expect(bad.errors?.[0]).toMatchObject({
      message: AdminUserMessages.unknownStatus,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    for (const userId of ['not-an-id', randomUUID()]) {
      const missing = await h.gql(SET_STATUS, { userId, status: 'active' }, token);
      expect(missing.errors?.[0]).toMatchObject({
        message: AdminUserMessages.userNotFound,
        extensions: { code: 'NOT_FOUND' },
      });
    }
    expect(await statusOf(target.id)).toBe('pending');
    expect(await h.count('audit_entries', 'subject_id = $1', [target.id])).toBe(0);

    const set = await h.gql(SET_STATUS, { userId: target.id, status: 'INACTIVE' }, token);
    expect(set.errors).toBeUndefined();
    expect(set.data.setMembershipStatus).toEqual({ id: target.id, membershipStatus: 'INACTIVE' });
    await h.gql(SET_STATUS, { userId: target.id, status: 'inactive' }, token);
    expect(await statusOf(target.id)).toBe('inactive');
    expect(
      (await h.outbox('membership.status_changed', target.id)).map((e) => e.envelope.data),
    ).toEqual([
      {
        userId: target.id,
        from: 'pending',
        to: 'inactive',
        reason: 'set by an admin',
        changedBy: adminId,
      },
    ]);
    const entries = await h.dataSource.query(
      `SELECT actor_id, action, subject_type, member_id, before, after FROM audit_entries WHERE subject_id = $1`,
      [target.id],
    );
    expect(entries).toEqual([
      {
        actor_id: adminId,
        action: 'membership.status_set',
        subject_type: 'member',
        member_id: target.id,
        before: { membershipStatus: 'pending' },
        after: { membershipStatus: 'inactive' },
      },
    ]);
    expect(await h.count('outbox', `topic = 'audit.recorded' AND key = $1`, [target.id])).toBe(1);
  });

  it('applies the same status sent twice at once once: one event, one audit entry', async () => {
    const target = await h.aMember(`Twice${tag}`);
    const results = await Promise.all(
      [1, 2].map(() => h.gql(SET_STATUS, { userId: target.id, status: 'active' }, adminToken)),
    );
    expect(results.map((result) => result.errors)).toEqual([undefined, undefined]);
    expect(await statusOf(target.id)).toBe('active');
    expect(await h.outbox('membership.status_changed', target.id)).toHaveLength(1);
    expect(await h.count('audit_entries', 'subject_id = $1', [target.id])).toBe(1);
  });

  it('shows an admin the households of many users, and reads a page in a constant number of statements', async () => {
    const members = [];
    for (let i = 0; i < 3; i++) members.push(await h.aMember(`House${i}${tag}`));
    const saved = await h.gql(
      SAVE,
      {
        input: {
          members: [
            {
              firstName: 'Zainab',
              lastName: 'Ali',
              relationship: 'SPOUSE',
              dateOfBirth: '1980-01-01',
            },
          ],
          sameAddressCertified: true,
        },
      },
      members[0]!.token,
    );
    expect(saved.errors).toBeUndefined();
    const statements: string[] = [];
    const logger = h.dataSource.logger as unknown as { logQuery: (query: string) => void };
    const original = logger.logQuery;
    logger.logQuery = (query: string) => statements.push(query);
    try {
      const households = await h.gql(
        HOUSEHOLD,
        { representations: members.map((m) => ({ __typename: 'User', id: m.id })) },
        adminToken,
      );
      expect(households.errors).toBeUndefined();
      expect(households.data._entities.map((u: { household: unknown[] }) => u.household)).toEqual([
        [{ fullName: 'Zainab Ali', relationship: 'SPOUSE' }],
        [],
        [],
      ]);
      expect(statements.filter((q) => /household_members/.test(q))).toHaveLength(1);

      statements.length = 0;
      const page = await h.gql(PAGE, { limit: 100 }, adminToken);
      expect(page.errors).toBeUndefined();
      expect(page.data.adminUsers.users.length).toBeGreaterThan(5);
      // One statement for the page with its total and every User field billing answers.
      expect(statements.filter((q) => /members/.test(q))).toHaveLength(1);
    } finally {
      logger.logQuery = original;
    }
  });
});
