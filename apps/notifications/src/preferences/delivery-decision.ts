import { DEFAULT_CHANNELS, DEFAULT_SETTINGS, type NotificationKind } from '@jibs/domain';

/** What a message is: of a kind the member chooses for, or essential (receipts, security). */
export type MessageClass = NotificationKind | 'essential';

export interface DeliveryFacts {
  /** The member's choice for the message's kind; null when they never chose (the defaults). */
  choice: { email: boolean; sms: boolean } | null;
  /** Whether notifications knows an email address and a verified phone for the member. */
  hasEmail: boolean;
  verifiedPhone: boolean;
  /** The site-wide switches an admin sets (settings' emailNotifications / smsNotifications). */
  site: { emailNotifications: boolean; smsNotifications: boolean };
}

export interface Delivery {
  bell: true;
  email: boolean;
  sms: boolean;
  /** Whether the email carries an unsubscribe link and the List-Unsubscribe headers. */
  unsubscribable: boolean;
}

/**
 * The one decision of how a member is told: the bell always. Email only while the site's
 * email switch (settings' emailNotifications) is on; then an essential message (a receipt, a
 * security message) goes whatever the member chose and carries no unsubscribe link, any other
 * by the member's choice for its kind. SMS never for essential messages; for the others while
 * the site's SMS switch is on, to a verified phone, by the member's choice.
 * `deliverySql` says the same for set-based sends; a test holds the two together.
 */
export function decideDelivery(message: MessageClass, facts: DeliveryFacts): Delivery {
  const emailOn = facts.hasEmail && facts.site.emailNotifications;
  if (message === 'essential') {
    return { bell: true, email: emailOn, sms: false, unsubscribable: false };
  }
  const choice = facts.choice ?? DEFAULT_CHANNELS;
  return {
    bell: true,
    email: emailOn && choice.email,
    sms: facts.verifiedPhone && facts.site.smsNotifications && choice.sms,
    unsubscribable: true,
  };
}

/**
 * `decideDelivery` for a non-essential kind as SQL conditions over `recipients r` and LEFT
 * JOINs of `notification_preferences p` (the member and kind), `verified_phones v` (the member)
 * and `organisation o` (its one row): one boolean expression per channel.
 */
export const deliverySql = {
  email: `(r.email IS NOT NULL AND COALESCE(o.email_notifications, ${DEFAULT_SETTINGS.emailNotifications}) AND COALESCE(p.email, ${DEFAULT_CHANNELS.email}))`,
  sms: `(v.phone IS NOT NULL AND COALESCE(o.sms_notifications, ${DEFAULT_SETTINGS.smsNotifications}) AND COALESCE(p.sms, ${DEFAULT_CHANNELS.sms}))`,
} as const;
