import { Module, type DynamicModule } from '@nestjs/common';
import { LOGGER, type Logger } from '@jibs/observability';
import type { Registry } from 'prom-client';
import { PaymentRecorder } from '../payments/payment-recorder';
import { CheckoutApplier } from './checkout.applier';
import { InvoiceApplier } from './invoice.applier';
import { SubscriptionApplier } from './subscription.applier';
import { WEBHOOK_METRICS, WebhookMetrics } from './webhook-metrics';
import { PaymentWebhookController } from './webhook.controller';
import { WebhookService } from './webhook.service';

/** The payment provider's webhook endpoint and one applier per family of provider facts. */
@Module({})
export class WebhooksModule {
  static forRoot(logger: Logger, metrics: Registry): DynamicModule {
    return {
      module: WebhooksModule,
      controllers: [PaymentWebhookController],
      providers: [
        { provide: LOGGER, useValue: logger },
        { provide: WEBHOOK_METRICS, useValue: new WebhookMetrics(metrics) },
        PaymentRecorder,
        CheckoutApplier,
        InvoiceApplier,
        SubscriptionApplier,
        WebhookService,
      ],
    };
  }
}
