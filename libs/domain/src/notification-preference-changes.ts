import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from './notification-preferences';

/** What the member is told when a change of their notification choices is refused. */
export const PreferenceMessages = {
  unknownKind: (kind: string) =>
    `"${kind}" is not a kind of notification (${NOTIFICATION_KINDS.join(', ')})`,
  unknownChannel: (channel: string) =>
    `"${channel}" is not a channel (${NOTIFICATION_CHANNELS.join(', ')})`,
  bellAlwaysOn: 'Notifications in the bell are always on',
  smsNeedsVerifiedPhone: 'Verify your phone number before choosing SMS',
  smsUnavailable: 'Text messages are not available on this site',
  tooMany: 'Change at most 20 choices at once',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

export interface PreferenceChangeInput {
  kind: string;
  channel: string;
  enabled: boolean;
}

export interface PreferenceChange {
  kind: NotificationKind;
  channel: Exclude<NotificationChannel, 'bell'>;
  enabled: boolean;
}

const isKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);
const isChannel = (value: string): value is NotificationChannel =>
  (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

/**
 * The changes, checked as a whole: the first refused one is the answer (field and message) and
 * none is applied. Turning the bell or SMS off is always allowed; SMS on needs a site that
 * sends texts and a verified phone.
 */
export function checkPreferenceChanges(
  changes: readonly PreferenceChangeInput[],
  { phoneVerified, smsAvailable }: { phoneVerified: boolean; smsAvailable: boolean },
): { ok: true; changes: PreferenceChange[] } | { ok: false; field: string; message: string } {
  if (changes.length > 20)
    return { ok: false, field: 'changes', message: PreferenceMessages.tooMany };
  const checked: PreferenceChange[] = [];
  for (const change of changes) {
    if (!isKind(change.kind)) {
      return { ok: false, field: 'kind', message: PreferenceMessages.unknownKind(change.kind) };
    }
    if (!isChannel(change.channel)) {
      return {
        ok: false,
        field: 'channel',
        message: PreferenceMessages.unknownChannel(change.channel),
      };
    }
    if (change.channel === 'bell') {
      if (change.enabled) continue;
      return { ok: false, field: 'channel', message: PreferenceMessages.bellAlwaysOn };
    }
    if (change.channel === 'sms' && change.enabled && !smsAvailable) {
      return { ok: false, field: 'channel', message: PreferenceMessages.smsUnavailable };
    }
    if (change.channel === 'sms' && change.enabled && !phoneVerified) {
      return { ok: false, field: 'channel', message: PreferenceMessages.smsNeedsVerifiedPhone };
    }
    checked.push({ kind: change.kind, channel: change.channel, enabled: change.enabled });
  }
  return { ok: true, changes: checked };
}
