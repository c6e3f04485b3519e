import { randomUUID } from 'node:crypto';
import { NOTIFICATION_KINDS, PreferenceMessages } from '@jibs/domain';
import { eventually } from '@jibs/testing';
import { notificationsUnderTest } from '../testing/notifications-harness';
import { UNSUBSCRIBE_TOKENS, type UnsubscribeTokens } from './unsubscribe-token';
import { VERIFIED_PHONES_GROUP } from './verified-phones.consumer';

const PREFERENCES = `{ notificationPreferences { phoneVerified kinds { kind label bell email sms } } }`;
const SET = `mutation($changes: [NotificationPreferenceChangeInput!]!) {
  setNotificationPreferences(changes: $changes) { phoneVerified kinds { kind bell email sms } }
}`;

describe("notification preferences: the member's own, checked, and one-click unsubscribe", () => {
  const { harness, gql, tokenFor, envelope, publish, handledBy } = notificationsUnderTest({
    listen: true,
  });
  const rows = (userId: string) =>
    harness().count('notification_preferences', 'user_id = $1', [userId]);
  const janazahOf = async (token: string) =>
    (
      (await gql(PREFERENCES, {}, token)).data as {
        notificationPreferences: { kinds: { kind: string; email: boolean; sms: boolean }[] };
      }
    ).notificationPreferences.kinds.find((kind) => kind.kind === 'janazah')!;

  const verifyPhone = async (userId: string, phone: string | null) => {
    const event = envelope('user.verified_phone_changed', { userId, phone }, userId);
    await publish([event]);
    await eventually(() => handledBy(event.id, VERIFIED_PHONES_GROUP), {
      message: 'phone learned',
    });
  };

  it('shows the defaults: every kind, the bell and email on, no SMS without a phone', async () => {
    const body = await gql(PREFERENCES, {}, await tokenFor(randomUUID()));
    expect(body.errors).toBeUndefined();
    const { notificationPreferences } = body.data as {
      notificationPreferences: { phoneVerified: boolean; kinds: { kind: string }[] };
    };
    expect(notificationPreferences.phoneVerified).toBe(false);
    expect(notificationPreferences.kinds).toEqual(
      NOTIFICATION_KINDS.map((kind) =>
        expect.objectContaining({ kind, bell: true, email: true, sms: false }),
      ),
    );
  });

  it('refuses anonymous callers', async () => {
    const body = await gql(PREFERENCES);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const set = await gql(SET, {
      changes: [{ kind: 'janazah', channel: 'email', enabled: false }],
    });
    expect(set.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    [
      'an unknown kind',
      { kind: 'gossip', channel: 'email', enabled: false },
      PreferenceMessages.unknownKind('gossip'),
    ],
    [
      'an unknown channel',
      { kind: 'janazah', channel: 'pigeon', enabled: true },
      PreferenceMessages.unknownChannel('pigeon'),
    ],
    [
      'the bell off',
      { kind: 'payments', channel: 'bell', enabled: false },
      PreferenceMessages.bellAlwaysOn,
    ],
    [
      'SMS without a verified phone',
      { kind: 'janazah', channel: 'sms', enabled: true },
      PreferenceMessages.smsNeedsVerifiedPhone,
    ],
  ])(
    'refuses %s with its message and saves nothing, not even the valid change beside it',
    async (_what, bad, message) => {
      const userId = randomUUID();
      const token = await tokenFor(userId);
      const body = await gql(
        SET,
        { changes: [{ kind: 'memorials', channel: 'email', enabled: false }, bad] },
        token,
      );
      expect(body.errors?.[0]?.message).toBe(message);
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(await rows(userId)).toBe(0);
    },
  );

  it("changes only the caller's own choices", async () => {
    const [amina, yusuf] = [randomUUID(), randomUUID()];
    const body = await gql(
      SET,
      { changes: [{ kind: 'janazah', channel: 'email', enabled: false }] },
      await tokenFor(amina),
    );
    expect(body.errors).toBeUndefined();
    expect(await janazahOf(await tokenFor(amina))).toMatchObject({ email: false });
    expect(await janazahOf(await tokenFor(yusuf))).toMatchObject({ email: true });
    expect(await rows(yusuf)).toBe(0);
  });

  it('allows SMS once identity says the phone is verified, and stops using it when the phone goes', async () => {
    const userId = randomUUID();
    const token = await tokenFor(userId);
    await verifyPhone(userId, '+13135550142');
    const set = await gql(
      SET,
      { changes: [{ kind: 'janazah', channel: 'sms', enabled: true }] },
      token,
    );
    expect(set.errors).toBeUndefined();
    expect(await janazahOf(token)).toMatchObject({ sms: true });
    await verifyPhone(userId, null);
    expect(await janazahOf(token)).toMatchObject({ sms: false });
    // Turning it off needs no phone.
    const off = await gql(
      SET,
      { changes: [{ kind: 'janazah', channel: 'sms', enabled: false }] },
      token,
    );
    expect(off.errors).toBeUndefined();
  });

  describe('one-click unsubscribe', () => {
    const tokens = () => harness().app.get<UnsubscribeTokens>(UNSUBSCRIBE_TOKENS);
    const unsubscribe = (token: string, method: 'GET' | 'POST', body?: string) =>
      fetch(`${harness().url}/unsubscribe?token=${encodeURIComponent(token)}`, {
        method,
        headers: {
          ...harness().asGateway(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
      });

    it('GET shows what it stops and changes nothing; the POST turns that email off, twice is fine', async () => {
      const userId = randomUUID();
      const token = tokens().sign(userId, 'janazah');
      const page = await unsubscribe(token, 'GET');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Janazah notices');
      expect(await rows(userId)).toBe(0);
      // A mail client's RFC 8058 one-click POST.
      const done = await unsubscribe(token, 'POST', 'List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('no longer receive emails about');
      expect(await janazahOf(await tokenFor(userId))).toMatchObject({ email: false });
      expect((await unsubscribe(token, 'POST', 'List-Unsubscribe=One-Click')).status).toBe(200);
      const kinds = (
        (await gql(PREFERENCES, {}, await tokenFor(userId))).data as {
          notificationPreferences: { kinds: { kind: string; email: boolean }[] };
        }
      ).notificationPreferences.kinds;
      expect(kinds.filter((kind) => !kind.email).map((kind) => kind.kind)).toEqual(['janazah']);
    });

    it("speaks the member's language (right to left in Arabic), and the browser's for a bad link", async () => {
      const userId = randomUUID();
      await harness().deliverEvent(
        'user.language_changed',
        { userId, language: 'ar', showHijri: false },
        { subject: userId, source: 'identity' },
      );
      const token = tokens().sign(userId, 'payments');
      const page = await (await unsubscribe(token, 'GET')).text();
      expect(page).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
      expect(page).toContain('<strong>المدفوعات</strong>');
      const done = await (await unsubscribe(token, 'POST', 'List-Unsubscribe=One-Click')).text();
      expect(done).toContain(
        'لن تصلك بعد الآن رسائل البريد الإلكتروني بشأن <strong>المدفوعات</strong>',
      );
      const bad = await fetch(`${harness().url}/unsubscribe?token=nonsense`, {
        headers: { ...harness().asGateway(), 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' },
      });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toMatch(/^<!doctype html><html lang="ur" dir="rtl">/);
    });

    it('refuses a tampered, re-targeted or made-up token, and changes nothing', async () => {
      const userId = randomUUID();
      const genuine = tokens().sign(userId, 'janazah');
      const [, , mac] = genuine.split('.');
      const forged = [
        `${genuine.slice(0, -2)}xx`,
        `${userId}.payments.${mac}`,
        `${randomUUID()}.janazah.${mac}`,
        'nonsense',
      ];
      for (const token of forged) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await unsubscribe(token, method, method === 'POST' ? 'x=1' : undefined);
          expect(response.status).toBe(400);
          expect(await response.text()).toContain(PreferenceMessages.unsubscribeInvalid);
        }
      }
      expect(await rows(userId)).toBe(0);
    });
  });
});
