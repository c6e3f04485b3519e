import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from '@jibs/subgraph';
import type { BillingConfig } from './billing.config';
import { BillingModule } from './billing.module';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payments/payment-provider';
import { SandboxPaymentProvider } from './payments/sandbox-payment-provider';
import { mountSandboxPages } from './payments/sandbox-pages';
import { mountWebhookEndpoint } from './webhooks/webhook-endpoint';
import { WebhookService } from './webhooks/webhook.service';

/** Builds the billing service (not yet listening); used by main and by tests. */
export async function createBillingApp(
  config: BillingConfig,
): Promise<{ app: INestApplication; runtime: SubgraphRuntime }> {
  const logger = createLogger('billing', config.LOG_LEVEL);
  const metrics = createMetrics('billing');
  const runtime: SubgraphRuntime = {
    service: 'billing',
    logger,
    metrics,
    host: config.HOST,
    port: config.PORT,
    gatewaySecret: config.GATEWAY_SECRET,
    metricsPort: config.METRICS_PORT,
    metricsHost: config.METRICS_HOST,
    readiness: (app) => [
      { name: 'database', check: () => app.get(DataSource).query('SELECT 1') },
      { name: 'broker', check: () => app.get<EventBroker>(EVENT_BROKER).health() },
    ],
    configureHttp: (express, app) => {
      const provider = () => app.get<PaymentProvider>(PAYMENT_PROVIDER);
      // Mounted before Nest's body parsers: the signature is checked over the raw bytes.
      mountWebhookEndpoint(express, () => ({
        provider: provider(),
        webhooks: app.get(WebhookService),
        logger,
      }));
      if (config.PAYMENT_PROVIDER === 'sandbox')
        mountSandboxPages(express, () => provider() as SandboxPaymentProvider);
    },
  };
  const app = await createSubgraphApp(BillingModule.forRoot({ config, logger, metrics }), runtime);
  return { app, runtime };
}
