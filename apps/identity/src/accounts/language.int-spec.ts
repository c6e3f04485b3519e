import { eventually } from '@jibs/testing';
import { IdentityHarness, type TestUser } from '../testing/identity-harness';

const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id language showHijri } }`;
const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on User { id language showHijri } }
}`;

describe('language and Hijri dates on the profile', () => {
  let identity: IdentityHarness;
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
    member = await identity.aMember();
    other = await identity.aMember();
  });

  afterAll(async () => {
    await identity?.close();
  });

  const row = async (id: string) =>
    (
      await identity.dataSource.query(
        'SELECT language, show_hijri, updated_at FROM accounts WHERE id = $1',
        [id],
      )
    )[0] as { language: string; show_hijri: boolean; updated_at: Date };

  const changes = async (id: string) =>
    (await identity.outbox('user.language_changed', id)).map((event) => event.envelope.data);

  it('reads English without the Hijri date for a member who chose nothing', async () => {
    const { body } = await identity.gql('{ me { language showHijri } }', undefined, {
      token: member.accessToken,
    });
    expect(body.data.me).toEqual({ language: 'en', showHijri: false });
  });

  it("stores the member's own choice, tells notifications once, and nothing when it is the same", async () => {
    const input = { language: 'ar', showHijri: true };
    const { body } = await identity.gql(UPDATE, { input }, { token: member.accessToken });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateProfile).toEqual({ id: member.id, ...input });
    expect(await row(member.id)).toMatchObject({ language: 'ar', show_hijri: true });
    expect(await changes(member.id)).toEqual([
      { userId: member.id, language: 'ar', showHijri: true },
    ]);

    const before = await row(member.id);
    const again = await identity.gql(UPDATE, { input }, { token: member.accessToken });
    expect(again.body.errors).toBeUndefined();
    expect(await row(member.id)).toEqual(before);
    expect(await changes(member.id)).toHaveLength(1);

    const urdu = await identity.gql(
      UPDATE,
      { input: { language: 'ur' } },
      { token: member.accessToken },
    );
    expect(urdu.body.data.updateProfile).toEqual({
      id: member.id,
      language: 'ur',
      showHijri: true,
    });
    expect(await changes(member.id)).toContainEqual({
      userId: member.id,
      language: 'ur',
      showHijri: true,
    });
  });

  it.each([
    ['language', { language: 'fr' }, 'Please choose English, Arabic or Urdu'],
    ['language', { language: 'AR' }, 'Please choose English, Arabic or Urdu'],
    ['language', { language: null }, 'Please choose English, Arabic or Urdu'],
    ['showHijri', { showHijri: null }, 'Please choose whether to show Hijri dates'],
  ])(
    'refuses a bad %s (%j) with a clear message and writes nothing',
    async (field, input, message) => {
      const before = await row(other.id);
      const told = (await changes(other.id)).length;
      const { body } = await identity.gql(
        UPDATE,
        { input: { showHijri: true, ...input } },
        { token: other.accessToken },
      );
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
      expect(await row(other.id)).toEqual(before);
      expect(await changes(other.id)).toHaveLength(told);
    },
  );

  it("changes only the caller's own profile: another member's choice is untouched and unseen", async () => {
    const before = await row(member.id);
    const { body } = await identity.gql(
      UPDATE,
      { input: { language: 'en', showHijri: false } },
      { token: other.accessToken },
    );
    expect(body.data.updateProfile.id).toBe(other.id);
    expect(await row(member.id)).toEqual(before);

    const seen = await identity.gql(
      ENTITIES,
      { representations: [{ __typename: 'User', id: member.id }] },
      { token: other.accessToken },
    );
    expect(seen.body.data._entities).toEqual([null]);
  });

  it('refuses anonymous callers and writes nothing', async () => {
    const before = await row(member.id);
    const { body } = await identity.gql(UPDATE, { input: { language: 'en' } });
    expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(await row(member.id)).toEqual(before);
  });

  it('takes the language given at sign-up onto the account and user.registered', async () => {
    const arabic = await identity.aMember({ language: 'ar' });
    expect(await row(arabic.id)).toMatchObject({ language: 'ar', show_hijri: false });
    const [registered] = await identity.outbox('user.registered', arabic.id);
    expect(registered?.envelope.data).toMatchObject({ userId: arabic.id, language: 'ar' });
    const { body } = await identity.gql('{ me { language } }', undefined, {
      token: arabic.accessToken,
    });
    expect(body.data.me.language).toBe('ar');
    // The code came in Arabic, laid out right to left.
    const [code] = await identity.mailsTo(arabic.email);
    expect(code?.subject).toBe('رمز التحقق الخاص بك في JIBS');
    expect(code?.text).toMatch(/^السلام عليكم Yusuf،\n\nرمز التحقق الخاص بك في JIBS هو \d{6}\. /);
    expect(code?.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
  });

  it("writes the member's own emails in their language, and English to one who chose nothing", async () => {
    const urdu = await identity.aMember();
    await identity.gql(UPDATE, { input: { language: 'ur' } }, { token: urdu.accessToken });
    const asked = await identity.gql(
      'mutation($email: String!) { requestPasswordReset(email: $email) }',
      { email: urdu.email },
    );
    expect(asked.body.errors).toBeUndefined();
    const reset = await eventually(
      async () =>
        (await identity.mailsTo(urdu.email)).find((mail) => mail.text.includes('reset-password')),
      { message: 'the reset link' },
    );
    expect(reset.subject).toBe('اپنے JIBS اکاؤنٹ کا پاس ورڈ دوبارہ بنائیں');
    expect(reset.html).toMatch(/<html lang="ur" dir="rtl">/);
    expect(reset.html).toMatch(/<a href="[^"]+reset-password\?token=[^"]+" dir="ltr">/);

    const english = await identity.aMember();
    const [code] = await identity.mailsTo(english.email);
    expect(code?.subject).toBe('Your JIBS verification code');
    expect(code?.html).toMatch(/<html lang="en" dir="ltr">/);
  });

  it('refuses a sign-up in a language JIBS does not speak', async () => {
    await expect(identity.aMember({ language: 'de' })).rejects.toThrow(
      'Please choose English, Arabic or Urdu',
    );
  });
});
