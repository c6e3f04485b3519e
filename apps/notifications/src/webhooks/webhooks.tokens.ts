import type { TargetPolicy } from './webhook-target';

/** How the sender behaves, from the service's configuration. */
export interface WebhookOptions extends TargetPolicy {
  /** The wait before the second try; it doubles with each failed try. */
  retryBaseMs: number;
}

export const WEBHOOK_OPTIONS = Symbol('WEBHOOK_OPTIONS');
