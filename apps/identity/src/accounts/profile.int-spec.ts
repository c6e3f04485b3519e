import { IdentityHarness, type TestUser } from '../testing/identity-harness';

const PERSONAL = 'phone dateOfBirth addressLine1 addressLine2 city state zipCode isUsCitizen';
const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id email fullName ${PERSONAL} } }`;
/** What the gateway sends when another subgraph's result references users. */
const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on User { id email fullName ${PERSONAL} } }
}`;

describe('profile', () => {
  let identity: IdentityHarness;
  let member: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
    member = await identity.aMember();
    other = await identity.aMember();
    admin = await identity.anAdmin();
  });

  afterAll(async () => {
    await identity?.close();
  });

  const snapshot = async (id: string) => ({
    account: (
      await identity.dataSource.query(
        'SELECT phone, address_line1, address_line2, city, state, zip_code, email, first_name, updated_at FROM accounts WHERE id = $1',
        [id],
      )
    )[0],
  });

  it('shows the signed-in user their own personal details', async () => {
    const { body } = await identity.gql(`{ me { id ${PERSONAL} } }`, undefined, {
      token: member.accessToken,
    });
    expect(body.data.me).toEqual({
      id: member.id,
      phone: '+13135550199',
      dateOfBirth: '1975-09-30',
      addressLine1: '4 Elm St',
      addressLine2: null,
      city: 'Dearborn',
      state: 'MI',
      zipCode: '48126',
      isUsCitizen: true,
    });
  });

  it('shows them in the session of a sign-in, which carries no token yet', async () => {
    const { body } = await identity.gql(
      `mutation($input: SignInInput!) { signIn(input: $input) { session { user { id phone city } } } }`,
      { input: { email: other.email, password: other.password } },
    );
    expect(body.data.signIn.session.user).toEqual({
      id: other.id,
      phone: '+13135550199',
      city: 'Dearborn',
    });
  });

  it('changes only the fields given, stores the phone as E.164 and writes nothing when nothing changes', async () => {
    const input = {
      phone: '(248) 555-0123',
      addressLine2: 'Apt 2',
      city: 'Dearborn',
      zipCode: '48124',
    };
    const { body } = await identity.gql(UPDATE, { input }, { token: member.accessToken });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateProfile).toMatchObject({
      id: member.id,
      phone: '+12485550123',
      addressLine1: '4 Elm St',
      addressLine2: 'Apt 2',
      city: 'Dearborn',
      zipCode: '48124',
      fullName: 'Yusuf Ali',
    });
    const changed = await snapshot(member.id);
    const again = await identity.gql(UPDATE, { input }, { token: member.accessToken });
    expect(again.body.errors).toBeUndefined();
    expect(await snapshot(member.id)).toEqual(changed);
    const cleared = await identity.gql(
      UPDATE,
      { input: { addressLine2: '' } },
      { token: member.accessToken },
    );
    expect(cleared.body.data.updateProfile.addressLine2).toBeNull();
  });

  it.each([
    ['phone', { phone: '555-1234' }, 'Please enter a valid 10-digit phone number'],
    ['state', { state: 'DC' }, 'Please select a valid US state'],
    ['zipCode', { zipCode: 'ABCDE' }, 'Please enter a valid 5-digit ZIP code'],
    ['city', { city: '  ' }, 'City is required'],
    ['addressLine1', { addressLine1: null }, 'Address line 1 is required'],
  ])(
    'refuses a bad %s with the product message and writes nothing',
    async (field, input, message) => {
      const before = await snapshot(member.id);
      const { body } = await identity.gql(
        UPDATE,
        { input: { city: 'Canton', ...input } },
        { token: member.accessToken },
      );
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
      expect(await snapshot(member.id)).toEqual(before);
    },
  );

  it.each([['email'], ['fullName'], ['firstName'], ['dateOfBirth']])(
    'never changes %s',
    async (field) => {
      const before = await snapshot(member.id);
      const { body } = await identity.gql(
        UPDATE,
        { input: { city: 'Canton', [field]: 'changed@example.com' } },
        { token: member.accessToken },
      );
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(await snapshot(member.id)).toEqual(before);
    },
  );

  it('refuses anonymous callers', async () => {
    const before = await snapshot(member.id);
    const { body } = await identity.gql(UPDATE, { input: { city: 'Canton' } });
    expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(await snapshot(member.id)).toEqual(before);
  });

  describe('another user, as other subgraphs reference them', () => {
    const representations = () => [{ __typename: 'User', id: member.id }];

    it('gives another member nothing: no email, name, role or personal details', async () => {
      const { body } = await identity.gql(
        ENTITIES,
        { representations: representations() },
        { token: other.accessToken },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data._entities).toEqual([null]);
    });

    it('gives anonymous callers nothing', async () => {
      const { body } = await identity.gql(ENTITIES, { representations: representations() });
      expect(body.errors).toBeUndefined();
      expect(body.data._entities).toEqual([null]);
    });

    it('shows them to the user themself and to an admin', async () => {
      for (const viewer of [member, admin]) {
        const { body } = await identity.gql(
          ENTITIES,
          { representations: representations() },
          { token: viewer.accessToken },
        );
        expect(body.data._entities[0]).toMatchObject({
          id: member.id,
          phone: '+12485550123',
          dateOfBirth: '1975-09-30',
          isUsCitizen: true,
        });
      }
    });

    it('resolves many references in one go; unknown ids and other users as null', async () => {
      const { body } = await identity.gql(
        ENTITIES,
        {
          representations: [
            { __typename: 'User', id: member.id },
            { __typename: 'User', id: other.id },
            { __typename: 'User', id: '00000000-0000-4000-8000-000000000000' },
            { __typename: 'User', id: 'not-a-uuid' },
          ],
        },
        { token: other.accessToken },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data._entities.map((user: { id: string } | null) => user?.id ?? null)).toEqual([
        null,
        other.id,
        null,
        null,
      ]);
      expect(body.data._entities[1].phone).toBe('+13135550199');
    });
  });
});
