import { CheckoutKind } from '@jibs/domain';
import { InvalidWebhookError } from '../payment-provider';
import type { ProviderFact } from '../provider-facts';
import { signWebhookPayload } from '../webhook-signature';
import { sandboxEvent, signSandboxEvent, verifySandboxEvent } from './sandbox-events';

const SECRET = 'whsec_sandbox_unit_test_secret';
const fact: ProviderFact = {
  kind: 'checkout.completed',
  member: { userId: '6f1c1f3e-2d1b-4c8e-9a55-2f7a3c1d9b10', customerId: 'cus_sandbox_1' },
  sessionId: 'cs_sandbox_1',
  checkoutId: '0b6f7a52-91d4-4a3e-8d0c-1e2f3a4b5c6d',
  purpose: CheckoutKind.REGISTRATION,
  mode: 'payment',
  subscriptionId: null,
  paymentId: 'pi_sandbox_1',
  amountCents: 20000,
  currency: 'usd',
  refundRef: 'pi_sandbox_1',
};

describe("the sandbox's webhook events", () => {
  it('carry the fact itself, signed, and read back as the same provider event', () => {
    const event = sandboxEvent(fact);
    expect(event.type).toBe('checkout.completed');
    const { payload, signature } = signSandboxEvent(SECRET, event);
    expect(verifySandboxEvent(SECRET, Buffer.from(payload), signature)).toEqual(event);
  });

  it('name subscription facts by their change', () => {
    expect(
      sandboxEvent({
        kind: 'subscription.changed',
        member: { userId: null, customerId: 'cus_1' },
        subscriptionId: 'sub_1',
        change: 'deleted',
        status: 'canceled' as never,
        monthlyAmountCents: null,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      }).type,
    ).toBe('subscription.deleted');
  });

  it('are refused when tampered with, signed with another secret, or of another shape', () => {
    const { payload, signature } = signSandboxEvent(SECRET, sandboxEvent(fact));
    const tampered = payload.replace('"amountCents":20000', '"amountCents":1');
    expect(() => verifySandboxEvent(SECRET, Buffer.from(tampered), signature)).toThrow(
      InvalidWebhookError,
    );
    const other = signSandboxEvent('whsec_another_secret_value', sandboxEvent(fact));
    expect(() => verifySandboxEvent(SECRET, Buffer.from(other.payload), other.signature)).toThrow(
      InvalidWebhookError,
    );
    for (const body of [
      { id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } },
      { ...sandboxEvent(fact), object: 'sandbox.event', fact: { ...fact, amountCents: -5 } },
      {
        ...sandboxEvent(fact),
        object: 'sandbox.event',
        fact: { ...fact, kind: 'charge.refunded' },
      },
      { ...sandboxEvent(fact), object: 'sandbox.event', fact: { ...fact, checkoutId: 'x' } },
    ]) {
      const raw = JSON.stringify(body);
      expect(() =>
        verifySandboxEvent(SECRET, Buffer.from(raw), signWebhookPayload(SECRET, raw)),
      ).toThrow('not a sandbox event');
    }
  });
});
