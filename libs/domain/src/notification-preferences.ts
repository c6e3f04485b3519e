import { UnsubscribePages } from './notification-messages';

/**
 * What a member can choose to be told about, and how. The bell always carries everything; email
 * and SMS are the member's choice per kind. Receipts and security messages are essential: they
 * are sent whatever the choices and carry no unsubscribe link.
 */
export const NOTIFICATION_KINDS = [
  'payments',
  'reports_documents',
  'janazah',
  'memorials',
  'reminders',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  payments: UnsubscribePages.kindPayments,
  reports_documents: 'Reports and documents',
  janazah: 'Janazah notices',
  memorials: 'Memorial activity',
  reminders: 'Reminders',
};

export const NOTIFICATION_CHANNELS = ['bell', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A member who never chose: the bell and email for every kind, no SMS (it needs a verified phone). */
export const DEFAULT_CHANNELS: Record<Exclude<NotificationChannel, 'bell'>, boolean> = {
  email: true,
  sms: false,
};
