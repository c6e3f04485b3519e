import { Controller, Inject, Post, Req, Res, type RawBodyRequest } from '@nestjs/common';
import express, { type Express, type Request, type Response } from 'express';
import { LOGGER, type Logger } from '@jibs/observability';
import {
  InvalidWebhookError,
  PAYMENT_PROVIDER,
  type PaymentProvider,
} from '../provider/payment-provider';
import { WEBHOOK_METRICS, type WebhookMetrics } from './webhook-metrics';
import { WebhookService } from './webhook.service';

export const WEBHOOK_PATH = '/webhooks/payments';

/**
 * Keeps the exact bytes of a webhook as `rawBody` (Nest's RawBodyRequest), whatever its
 * content type and up to 512 kB: mounted before Nest's own body parsers, which then leave
 * the body alone. The signature is over these bytes, never over re-serialized JSON.
 */
export function keepWebhookRawBody(app: Express): void {
  app.post(
    WEBHOOK_PATH,
    express.raw({ type: () => true, limit: '512kb' }),
    (req: RawBodyRequest<Request>, _res, next) => {
      req.rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      next();
    },
  );
}

/**
 * POST /webhooks/payments: outside GraphQL and public, so the signature over the RAW body is
 * the only credential. Bad signature: 400 and nothing changes. A redelivery: 200, no-op.
 */
@Controller()
export class PaymentWebhookController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly webhooks: WebhookService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WEBHOOK_METRICS) private readonly metrics: WebhookMetrics,
  ) {}

  @Post(WEBHOOK_PATH.slice(1))
  async receive(@Req() req: RawBodyRequest<Request>, @Res() res: Response): Promise<void> {
    let event;
    try {
      event = this.provider.verifyWebhook(
        req.rawBody ?? Buffer.alloc(0),
        req.header('stripe-signature'),
      );
    } catch (error) {
      if (!(error instanceof InvalidWebhookError)) throw error;
      this.metrics.signatureFailures.inc();
      this.logger.warn({ reason: error.message }, 'refused a payment webhook');
      res.status(400).json({ error: 'invalid signature' });
      return;
    }
    try {
      const applied = await this.webhooks.apply(event, this.logger);
      res.status(200).json({ received: true, duplicate: applied.duplicate });
    } catch (error) {
      this.logger.error(
        { err: error, eventId: event.id, type: event.type },
        'payment webhook failed',
      );
      // The provider retries; nothing was committed.
      res.status(500).json({ error: 'not applied' });
    }
  }
}
