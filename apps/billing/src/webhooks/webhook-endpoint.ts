import express, { type Express } from 'express';
import type { Logger } from '@jibs/observability';
import { InvalidWebhookError, type PaymentProvider } from '../provider/payment-provider';
import type { WebhookService } from './webhook.service';

export const WEBHOOK_PATH = '/webhooks/payments';

/**
 * POST /webhooks/payments: outside GraphQL and public, so the signature over the RAW body is
 * the only credential. Bad signature: 400 and nothing changes. A redelivery: 200, no-op.
 */
export function mountWebhookEndpoint(
  app: Express,
  deps: () => { provider: PaymentProvider; webhooks: WebhookService; logger: Logger },
): void {
  app.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const { provider, webhooks, logger } = deps();
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event;
    try {
      event = provider.verifyWebhook(raw, req.header('stripe-signature'));
    } catch (error) {
      if (!(error instanceof InvalidWebhookError)) throw error;
      logger.warn({ reason: error.message }, 'refused a payment webhook');
      res.status(400).json({ error: 'invalid signature' });
      return;
    }
    try {
      const applied = await webhooks.apply(event, logger);
      res.json({ received: true, duplicate: applied.duplicate });
    } catch (error) {
      logger.error({ err: error, eventId: event.id, type: event.type }, 'payment webhook failed');
      // The provider retries; nothing was committed.
      res.status(500).json({ error: 'not applied' });
    }
  });
}
