import { Module, type DynamicModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../billing.config';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider';
import { StripePaymentProvider } from './stripe/stripe-payment-provider';

/** The provider the configuration names; the sandbox posts to this service's own endpoint. */
function paymentProvider(
  config: BillingConfig,
  webhookPath: string,
  dataSource: DataSource,
  http: HttpAdapterHost,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new SandboxPaymentProvider(dataSource, {
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publicUrl: config.BILLING_PUBLIC_URL,
    appOrigin: config.PUBLIC_ORIGIN,
    webhookUrl: () => {
      if (config.SANDBOX_WEBHOOK_URL) return config.SANDBOX_WEBHOOK_URL;
      const address = http.httpAdapter.getHttpServer().address() as AddressInfo;
      const host = ['0.0.0.0', '::', ''].includes(address.address) ? '127.0.0.1' : address.address;
      const shown = host.includes(':') ? `[${host}]` : host;
      return `http://${shown}:${address.port}${webhookPath}`;
    },
  });
}

/** PAYMENT_PROVIDER for all of billing: whoever takes the money, behind one port. */
@Module({})
export class PaymentProviderModule {
  static forRoot(config: BillingConfig, webhookPath: string): DynamicModule {
    return {
      module: PaymentProviderModule,
      global: true,
      providers: [
        {
          provide: PAYMENT_PROVIDER,
          inject: [DataSource, HttpAdapterHost],
          useFactory: (dataSource: DataSource, http: HttpAdapterHost) =>
            paymentProvider(config, webhookPath, dataSource, http),
        },
      ],
      exports: [PAYMENT_PROVIDER],
    };
  }
}
