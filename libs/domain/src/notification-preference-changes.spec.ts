import { checkPreferenceChanges, PreferenceMessages } from './notification-preference-changes';

const able = { phoneVerified: true, smsAvailable: true };

describe('checkPreferenceChanges', () => {
  it('accepts email and SMS changes, and the bell turned on (a no-op)', () => {
    expect(
      checkPreferenceChanges(
        [
          { kind: 'janazah', channel: 'sms', enabled: true },
          { kind: 'payments', channel: 'email', enabled: false },
          { kind: 'reminders', channel: 'bell', enabled: true },
        ],
        able,
      ),
    ).toEqual({
      ok: true,
      changes: [
        { kind: 'janazah', channel: 'sms', enabled: true },
        { kind: 'payments', channel: 'email', enabled: false },
      ],
    });
  });

  it.each([
    [
      { kind: 'news', channel: 'email', enabled: true },
      able,
      'kind',
      PreferenceMessages.unknownKind('news'),
    ],
    [
      { kind: 'janazah', channel: 'fax', enabled: true },
      able,
      'channel',
      PreferenceMessages.unknownChannel('fax'),
    ],
    [
      { kind: 'janazah', channel: 'bell', enabled: false },
      able,
      'channel',
      PreferenceMessages.bellAlwaysOn,
    ],
    [
      { kind: 'janazah', channel: 'sms', enabled: true },
      { ...able, phoneVerified: false },
      'channel',
      PreferenceMessages.smsNeedsVerifiedPhone,
    ],
    [
      { kind: 'janazah', channel: 'sms', enabled: true },
      { ...able, smsAvailable: false },
      'channel',
      PreferenceMessages.smsUnavailable,
    ],
  ])('refuses %j', (change, context, field, message) => {
    expect(checkPreferenceChanges([change], context)).toEqual({ ok: false, field, message });
  });

  it('lets SMS be turned off without a phone', () => {
    const off = { kind: 'janazah', channel: 'sms', enabled: false };
    expect(checkPreferenceChanges([off], { phoneVerified: false, smsAvailable: false }).ok).toBe(
      true,
    );
  });
});
