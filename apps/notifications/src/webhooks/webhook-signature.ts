import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret in the Standard Webhooks format: `whsec_` and base64 key bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The headers of a signed delivery (Standard Webhooks, https://www.standardwebhooks.com):
 * `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under
 * the secret's key bytes. The id is the event's, the same on every retry and replay, so a
 * receiver drops duplicates by it; the timestamp lets it refuse old replays of a captured request.
 */
export function signedHeaders(
  secret: string,
  message: { id: string; body: string; timestamp: Date },
): Record<string, string> {
  const seconds = Math.floor(message.timestamp.getTime() / 1000).toString();
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${message.id}.${seconds}.${message.body}`)
    .digest('base64');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature}`,
  };
}
