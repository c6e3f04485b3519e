import { randomBytes } from 'node:crypto';
import { gatewayHeaders } from '@jibs/subgraph';
import {
  startSubgraph,
  TestSubgraph,
  type GqlBody,
  type MemberOptions,
  type TestUser,
} from '@jibs/testing';
import type { BillingConfig } from '../billing.config';
import { billingService } from '../billing.module';
import { signWebhookPayload } from '../provider/webhook-signature';

export type { GqlBody };

/** Tests call billing as the gateway does, with its credential. */
export const GATEWAY_SECRET = randomBytes(32).toString('hex');
export const asGateway = (): Record<string, string> => gatewayHeaders(GATEWAY_SECRET);

/** A member billing knows (its tests' name for the shared TestUser). */
export type TestMember = TestUser;

/** The billing service under test, with what its tests repeat: members it knows, provider calls. */
export class BillingHarness extends TestSubgraph<BillingConfig> {
  static start(env: Record<string, string> = {}): Promise<BillingHarness> {
    return startSubgraph(
      billingService,
      {
        gatewaySecret: GATEWAY_SECRET,
        env: {
          STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
          PUBLIC_ORIGIN: 'https://jibs.example.org',
          BILLING_PUBLIC_URL: 'https://jibs.example.org',
          ...env,
        },
      },
      BillingHarness,
    );
  }

  get webhookSecret(): string {
    return this.config.STRIPE_WEBHOOK_SECRET;
  }

  async token(userId: string, role: 'member' | 'admin' = 'member'): Promise<string> {
    return (await this.identity.token(role, userId, { email: `${userId}@example.com` })).token;
  }

  /**
   * A member identity knows about (user.registered delivered and applied) and who verified at
   * registration step 2 (user.verified applied), unless `verified: false`.
   */
  override aMember(
    firstName: string | MemberOptions = 'Yusuf',
    options: { verified?: boolean } = {},
  ): Promise<TestMember> {
    const member = typeof firstName === 'string' ? { firstName } : firstName;
    return super.aMember({ registered: true, verified: options.verified !== false, ...member });
  }

  /** Delivers `user.verified` for the member and waits until billing applied it. */
  async verify(userId: string): Promise<void> {
    await this.deliverEvent(
      'user.verified',
      { userId, method: 'email' },
      { subject: userId, source: 'jibs/identity' },
    );
  }

  /** Posts a provider event to the webhook endpoint, signed like Stripe unless told otherwise. */
  async deliver(
    event: { id?: string; type: string; created?: number; object: Record<string, unknown> },
    options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
  ): Promise<Response> {
    const payload = JSON.stringify({
      id: event.id ?? `evt_test_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: event.type,
      created: event.created ?? Math.floor(Date.now() / 1000),
      data: { object: event.object },
    });
    const signature = signWebhookPayload(
      options.secret ?? this.webhookSecret,
      payload,
      options.timestamp,
    );
    return fetch(`${this.url}/webhooks/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
        ...asGateway(),
      },
      body: options.tamper ? payload.replace('"amount', '"amount_x') : payload,
    });
  }

  /** Submits the sandbox checkout page's form, as the browser would. */
  async submitSandbox(url: string, fields: Record<string, string>): Promise<Response> {
    const parsed = new URL(url);
    // The page's own form carries the page's secret as `k` (tests may override it).
    const k = parsed.searchParams.get('k');
    return fetch(`${this.url}${parsed.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...asGateway() },
      body: new URLSearchParams({ ...(k === null ? {} : { k }), ...fields }).toString(),
      redirect: 'manual',
    });
  }
}
