import type { RawBodyRequest } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from '@jibs/observability';
import { InvalidWebhookError, type PaymentProvider } from '../provider/payment-provider';
import type { ProviderEvent } from '../provider/provider-facts';
import { PaymentWebhookController } from './webhook.controller';
import type { WebhookService } from './webhook.service';
import { WebhookMetrics } from './webhook-metrics';
import { Registry } from 'prom-client';

const EVENT: ProviderEvent = { id: 'evt_1', type: 'invoice.paid', created: 1, fact: null };

function harness(options: {
  verify?: (raw: Buffer, signature: string | undefined) => ProviderEvent;
  apply?: (event: ProviderEvent) => Promise<{ duplicate: boolean }>;
}) {
  const verified: [Buffer, string | undefined][] = [];
  const provider = {
    verifyWebhook: (raw: Buffer, signature: string | undefined) => {
      verified.push([raw, signature]);
      return (options.verify ?? (() => EVENT))(raw, signature);
    },
  } as unknown as PaymentProvider;
  const webhooks = {
    apply: options.apply ?? (async () => ({ duplicate: false })),
  } as unknown as WebhookService;
  const logged: string[] = [];
  const logger = {
    warn: (_: unknown, message: string) => logged.push(`warn ${message}`),
    error: (_: unknown, message: string) => logged.push(`error ${message}`),
  } as unknown as Logger;
  const answer: { status?: number; body?: unknown } = {};
  const res = {
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
      return this;
    },
  } as unknown as Response;
  const req = (rawBody: Buffer | undefined, signature?: string) =>
    ({
      rawBody,
      header: (name: string) => (name === 'stripe-signature' ? signature : undefined),
    }) as unknown as RawBodyRequest<Request>;
  const metrics = new WebhookMetrics(new Registry());
  const controller = new PaymentWebhookController(provider, webhooks, logger, metrics);
  const signatureFailures = async () => (await metrics.signatureFailures.get()).values[0]?.value;
  return { controller, req, res, answer, verified, logged, signatureFailures };
}

describe('the payment webhook endpoint', () => {
  it('verifies the raw bytes with the signature header, applies the event and answers 200', async () => {
    const h = harness({ apply: async () => ({ duplicate: true }) });
    await h.controller.receive(h.req(Buffer.from('{"raw":true}'), 't=1,v1=ab'), h.res);
    expect(h.verified).toEqual([[Buffer.from('{"raw":true}'), 't=1,v1=ab']]);
    expect(h.answer).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await h.signatureFailures()).toBe(0);
  });

  it('answers 400 to a refused signature, applying nothing', async () => {
    let applied = 0;
    const h = harness({
      verify: () => {
        throw new InvalidWebhookError('Timestamp outside the tolerance zone');
      },
      apply: async () => {
        applied += 1;
        return { duplicate: false };
      },
    });
    await h.controller.receive(h.req(undefined), h.res);
    expect(h.verified[0]![0]).toEqual(Buffer.alloc(0));
    expect(h.answer).toEqual({ status: 400, body: { error: 'invalid signature' } });
    expect(applied).toBe(0);
    expect(h.logged).toEqual(['warn refused a payment webhook']);
    expect(await h.signatureFailures()).toBe(1);
  });

  it('answers 500 when the event could not be applied, so the provider retries', async () => {
    const h = harness({
      apply: async () => {
        throw new Error('deadlock detected');
      },
    });
    await h.controller.receive(h.req(Buffer.from('{}'), 't=1,v1=ab'), h.res);
    expect(h.answer).toEqual({ status: 500, body: { error: 'not applied' } });
    expect(h.logged).toEqual(['error payment webhook failed']);
  });

  it('lets an error other than a refused signature through (a fault, not a bad request)', async () => {
    const h = harness({
      verify: () => {
        throw new TypeError('bug');
      },
    });
    await expect(h.controller.receive(h.req(Buffer.from('{}'), 'x'), h.res)).rejects.toThrow(
      TypeError,
    );
    expect(h.answer).toEqual({});
  });
});
