/**
 * Outgoing webhooks: what an admin may subscribe an endpoint to, and the messages of the rules.
 * Only events whose data is ids, amounts and statuses go out (no emails, no member names); the
 * janazah notices carry what the community is told anyway.
 */
export const WEBHOOK_EVENT_TYPES = [
  'payment.completed',
  'payment.failed',
  'subscription.updated',
  'membership.status_changed',
  'report.submitted',
  'report.reviewed',
  'document.reviewed',
  'claim.updated',
  'assistance.proposed',
  'assistance.approved',
  'assistance.paid',
  'janazah.published',
  'janazah.updated',
  'janazah.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_LIMITS = {
  maxUrlLength: 2_000,
  /** Tries of one delivery before it is marked failed (replayable by an admin). */
  maxAttempts: 8,
  maxEndpoints: 20,
} as const;

export const WebhookMessages = {
  urlRequired: 'Enter the endpoint address',
  urlInvalid: 'Enter a full address, like https://example.org/jibs-webhooks',
  urlTooLong: 'The address must be at most 2,000 characters',
  httpsRequired: 'The endpoint must use https://',
  credentialsInUrl: 'The address must not contain a user name or password',
  privateAddress:
    'This address points to a private or local network; webhooks are only sent to public addresses',
  unresolvable: 'This address could not be found (its host name does not resolve)',
  eventTypesRequired: 'Choose at least one event',
  unknownEventType: (type: string) => `"${type}" is not an event webhooks can send`,
  tooManyEndpoints: 'At most 20 webhook endpoints can be registered',
  endpointNotFound: 'This webhook endpoint does not exist',
  deliveryNotFound: 'This webhook delivery does not exist',
  alreadyPending: 'This delivery is already waiting to be sent',
} as const;
