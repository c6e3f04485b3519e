import { Module, type DynamicModule } from '@nestjs/common';
import { LOGGER, type Logger } from '@jibs/observability';
import { PaymentRecorder } from '../payments/payment-recorder';
import { CheckoutApplier } from './checkout.applier';
import { InvoiceApplier } from './invoice.applier';
import { SubscriptionApplier } from './subscription.applier';
import { PaymentWebhookController } from './webhook.controller';
import { WebhookService } from './webhook.service';

/** The payment provider's webhook endpoint and one applier per family of provider facts. */
@Module({})
export class WebhooksModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: WebhooksModule,
      controllers: [PaymentWebhookController],
      providers: [
        { provide: LOGGER, useValue: logger },
        PaymentRecorder,
        CheckoutApplier,
        InvoiceApplier,
        SubscriptionApplier,
        WebhookService,
      ],
    };
  }
}
