import { CasesHarness } from '../testing/cases-harness';

/** What the gateway asks for the admin console's user details. */
const USER_REPORTS = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    ... on User { id deathReports { id deceasedName status } }
  }
}`;

describe('User.deathReports (admin user details)', () => {
  let h: CasesHarness;

  beforeAll(async () => {
    h = await CasesHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it("lists each user's reports to an admin, newest first, and to nobody else", async () => {
    const [first, second, admin] = [
      await h.aMember({ paid: true }),
      await h.aMember({ paid: true }),
      await h.anAdmin(),
    ];
    const older = await h.submit(first, { deceasedName: 'Older Report' });
    const newer = await h.submit(first, { deceasedName: 'Newer Report' });
    const representations = [first, second].map((user) => ({ __typename: 'User', id: user.id }));

    const seen = await h.gql(USER_REPORTS, { representations }, admin);
    expect(seen.errors).toBeUndefined();
    expect(seen.data._entities).toEqual([
      {
        id: first.id,
        deathReports: [
          { id: newer.id, deceasedName: 'Newer Report', status: 'PENDING' },
          { id: older.id, deceasedName: 'Older Report', status: 'PENDING' },
        ],
      },
      { id: second.id, deathReports: [] },
    ]);

    const anonymous = await h.gql(USER_REPORTS, { representations });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    for (const member of [second, first]) {
      const refused = await h.gql(USER_REPORTS, { representations }, member);
      expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(JSON.stringify(refused.data ?? {})).not.toContain('Older Report');
    }
  });
});
