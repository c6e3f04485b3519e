import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@jibs/domain';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One-click unsubscribe tokens: `{user id}.{kind}.{HMAC-SHA256 of both}` (base64url). They name
 * the member and the kind of email to stop, need no sign-in, and cannot be forged or altered
 * without the secret. They do not expire: an old email's link still works (RFC 8058 asks that).
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string | undefined) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  sign(userId: string, kind: NotificationKind): string {
    return `${userId}.${kind}.${this.mac(userId, kind)}`;
  }

  /** The member and kind of a genuine token; null for anything else. */
  verify(token: unknown): { userId: string; kind: NotificationKind } | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const [userId, kind, mac, ...rest] = token.split('.');
    if (rest.length || !userId || !kind || !mac || !UUID.test(userId)) return null;
    if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
    const expected = Buffer.from(this.mac(userId, kind));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, kind: kind as NotificationKind };
  }

  private mac(userId: string, kind: string): string {
    return createHmac('sha256', this.key)
      .update(`unsubscribe:${userId}:${kind}`)
      .digest('base64url');
  }
}

export const UNSUBSCRIBE_TOKENS = Symbol('UNSUBSCRIBE_TOKENS');

/** The link and the RFC 8058 headers of a non-essential email. */
export function unsubscribeParts(
  tokens: UnsubscribeTokens,
  publicOrigin: string,
  userId: string,
  kind: NotificationKind,
): { url: string; headers: Record<string, string> } {
  const url = `${publicOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokens.sign(userId, kind))}`;
  return {
    url,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
