import { Counter, type Registry } from 'prom-client';

export const WEBHOOK_METRICS = Symbol('WEBHOOK_METRICS');

/** The payment webhook endpoint on /metrics. */
export class WebhookMetrics {
  /**
   * Webhooks refused for their signature: a few are someone probing a public endpoint; a steady
   * rate is a rotated secret the provider and we disagree on (an alert rule watches it).
   */
  readonly signatureFailures: Counter;

  constructor(registry: Registry) {
    this.signatureFailures = new Counter({
      name: 'billing_webhook_signature_failures_total',
      help: 'Payment webhooks refused because their signature did not verify',
      registers: [registry],
    });
  }
}
