import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BILLING_CURRENCY,
  CheckoutKind,
  CheckoutState,
  MemberFeeStatus,
  PaymentStatus,
  PaymentType,
  SubscriptionStatus,
} from '@jibs/domain';
import { enqueue } from '@jibs/events';
import { currentRequestId, type Logger } from '@jibs/observability';
import { CheckoutEntity } from '../checkout/checkout.entity';
import { HouseholdMemberEntity } from '../household/household-member.entity';
import type { MemberEntity } from '../members/member.entity';
import { EVENT_SOURCE, MembersService } from '../members/members.service';
import type { ProviderEvent } from '../payments/payment-provider';
import { PaymentEntity } from './payment.entity';
import { ProviderEventEntity } from './provider-event.entity';
import { SubscriptionEntity } from './subscription.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Provider objects are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ProviderObject = Record<string, any>;

const SUBSCRIPTION_EVENT_RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

export function subscriptionStatusOf(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return SubscriptionStatus.ACTIVE;
    case 'past_due':
    case 'paused':
      return SubscriptionStatus.PAST_DUE;
    case 'canceled':
    case 'incomplete_expired':
      return SubscriptionStatus.CANCELED;
    case 'unpaid':
      return SubscriptionStatus.UNPAID;
    default:
      return SubscriptionStatus.INCOMPLETE;
  }
}

const paymentTypeOf = (kind: unknown): PaymentType =>
  kind === CheckoutKind.REGISTRATION
    ? PaymentType.REGISTRATION
    : kind === CheckoutKind.SUBSCRIPTION
      ? PaymentType.MEMBERSHIP
      : PaymentType.OTHER;

const seconds = (value: unknown) => (typeof value === 'number' ? new Date(value * 1000) : null);

export interface AppliedEvent {
  duplicate: boolean;
}

/**
 * Applies verified provider events: each once (its id is recorded in the same transaction as
 * its effects and outbox events), in any order (state carries the provider's time).
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
  ) {}

  apply(event: ProviderEvent, logger?: Logger): Promise<AppliedEvent> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ProviderEventEntity)
        .values({ id: event.id, type: event.type })
        .orIgnore()
        .returning('id')
        .execute();
      if (inserted.raw.length === 0) return { duplicate: true };
      const object = event.data.object;
      const userId = await this.userIdOf(manager, object);
      if (!userId) {
        logger?.warn({ eventId: event.id, type: event.type }, 'provider event for no known member');
        return { duplicate: false };
      }
      const member = await this.members.lock(manager, userId);
      switch (event.type) {
        case 'checkout.session.completed':
          await this.checkoutCompleted(manager, member, object);
          break;
        case 'payment_intent.payment_failed':
          await this.paymentFailed(manager, member, object);
          break;
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await this.subscriptionChanged(manager, member, event);
          break;
        case 'invoice.paid':
          await this.invoicePaid(manager, member, event);
          break;
        case 'invoice.payment_failed':
          await this.invoiceFailed(manager, member, event);
          break;
        default:
          return { duplicate: false };
      }
      await this.members.saveAndRecompute(manager, member, `provider event ${event.type}`);
      return { duplicate: false };
    });
  }

  private async userIdOf(manager: EntityManager, object: ProviderObject): Promise<string | null> {
    const candidates = [
      object['metadata']?.userId,
      object['parent']?.subscription_details?.metadata?.userId,
      object['subscription_details']?.metadata?.userId,
    ];
    const fromMetadata = candidates.find((value) => typeof value === 'string' && UUID.test(value));
    if (fromMetadata) return fromMetadata;
    if (typeof object['customer'] !== 'string') return null;
    const [row] = await manager.query(
      'SELECT user_id FROM members WHERE provider_customer_id = $1',
      [object['customer']],
    );
    return row?.user_id ?? null;
  }

  private async checkoutCompleted(
    manager: EntityManager,
    member: MemberEntity,
    session: ProviderObject,
  ) {
    const checkout = await this.checkoutOf(manager, member.userId, session);
    if (checkout) {
      await manager.update(CheckoutEntity, { id: checkout.id }, { state: CheckoutState.COMPLETED });
    }
    if (typeof session['customer'] === 'string' && !member.providerCustomerId)
      member.providerCustomerId = session['customer'];
    const kind = session['metadata']?.kind ?? checkout?.kind;
    if (session['mode'] === 'subscription') {
      if (typeof session['subscription'] === 'string')
        await this.ensureSubscription(
          manager,
          member.userId,
          session['subscription'],
          checkout?.amount ?? 0,
          SubscriptionStatus.INCOMPLETE,
        );
      return;
    }
    let description = 'Registration fee';
    if (kind === CheckoutKind.HOUSEHOLD_MEMBER && checkout?.householdMemberId) {
      const householdMember = await manager.findOneBy(HouseholdMemberEntity, {
        id: checkout.householdMemberId,
        userId: member.userId,
      });
      if (householdMember) {
        householdMember.feeStatus = MemberFeeStatus.PAID;
        await manager.save(householdMember);
        description = `Household member fee: ${householdMember.firstName} ${householdMember.lastName}`;
      } else description = 'Household member fee';
    }
    if (kind === CheckoutKind.REGISTRATION) member.registrationFeePaid = true;
    await this.recordPayment(manager, {
      userId: member.userId,
      amount: Number(session['amount_total'] ?? checkout?.amount ?? 0),
      currency: String(session['currency'] ?? BILLING_CURRENCY),
      status: PaymentStatus.COMPLETED,
      type: paymentTypeOf(kind),
      description,
      providerPaymentId: String(session['payment_intent'] ?? session['id']),
      checkoutId: checkout?.id ?? null,
    });
  }

  private async paymentFailed(
    manager: EntityManager,
    member: MemberEntity,
    intent: ProviderObject,
  ) {
    const kind = intent['metadata']?.kind;
    // Renewals fail through invoice.payment_failed; this is a checkout's card being declined.
    if (!Object.values(CheckoutKind).includes(kind)) return;
    const checkoutId = intent['metadata']?.checkoutId;
    if (typeof checkoutId === 'string' && UUID.test(checkoutId)) {
      await manager
        .createQueryBuilder()
        .update(CheckoutEntity)
        .set({ state: CheckoutState.FAILED })
        .where('id = :id AND user_id = :userId AND state = :open', {
          id: checkoutId,
          userId: member.userId,
          open: CheckoutState.OPEN,
        })
        .execute();
    }
    await this.recordPayment(manager, {
      userId: member.userId,
      amount: Number(intent['amount'] ?? 0),
      currency: String(intent['currency'] ?? BILLING_CURRENCY),
      status: PaymentStatus.FAILED,
      type: paymentTypeOf(kind),
      description:
        kind === CheckoutKind.SUBSCRIPTION
          ? 'Monthly membership dues'
          : kind === CheckoutKind.REGISTRATION
            ? 'Registration fee'
            : 'Household member fee',
      providerPaymentId: String(intent['id']),
      checkoutId: typeof checkoutId === 'string' && UUID.test(checkoutId) ? checkoutId : null,
      reason: intent['last_payment_error']?.message ?? null,
      consecutiveFailures: member.missedPayments,
    });
  }

  private async subscriptionChanged(
    manager: EntityManager,
    member: MemberEntity,
    event: ProviderEvent,
  ) {
    const object = event.data.object;
    const rank = SUBSCRIPTION_EVENT_RANK[event.type] ?? 1;
    const item = object['items']?.data?.[0] ?? {};
    const status = subscriptionStatusOf(
      event.type === 'customer.subscription.deleted' ? 'canceled' : String(object['status']),
    );
    const existing = await manager.findOne(SubscriptionEntity, {
      where: { userId: member.userId },
      lock: { mode: 'pessimistic_write' },
    });
    const newer =
      !existing ||
      event.created > Number(existing.stateAt) ||
      (event.created === Number(existing.stateAt) && rank >= existing.stateRank);
    if (!newer) return;
    const row = await manager.save(SubscriptionEntity, {
      userId: member.userId,
      providerSubscriptionId: String(object['id']),
      status,
      monthlyAmount: Number(item.price?.unit_amount ?? existing?.monthlyAmount ?? 0),
      currentPeriodStart: seconds(item.current_period_start ?? object['current_period_start']),
      currentPeriodEnd: seconds(item.current_period_end ?? object['current_period_end']),
      cancelAtPeriodEnd: Boolean(object['cancel_at_period_end']),
      stateAt: String(event.created),
      stateRank: rank,
    });
    member.subscriptionEnded = status === SubscriptionStatus.CANCELED;
    await enqueue(
      manager,
      'subscription.updated',
      {
        userId: member.userId,
        status: row.status,
        monthlyAmount: row.monthlyAmount,
        currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      },
      { source: EVENT_SOURCE, subject: member.userId, requestId: currentRequestId() },
    );
  }

  private async invoicePaid(manager: EntityManager, member: MemberEntity, event: ProviderEvent) {
    const invoice = event.data.object;
    const subscriptionId = this.invoiceSubscription(invoice);
    if (!subscriptionId) return;
    member.duesPaid = true;
    if (event.created >= Number(member.lastInvoiceAt)) {
      member.missedPayments = 0;
      member.lastFailedInvoiceId = null;
      member.lastInvoiceAt = String(event.created);
    }
    const amount = Number(invoice['amount_paid'] ?? 0);
    await this.ensureSubscription(
      manager,
      member.userId,
      subscriptionId,
      amount,
      SubscriptionStatus.ACTIVE,
    );
    await this.recordPayment(manager, {
      userId: member.userId,
      amount,
      currency: String(invoice['currency'] ?? BILLING_CURRENCY),
      status: PaymentStatus.COMPLETED,
      type: PaymentType.MEMBERSHIP,
      description: 'Monthly membership dues',
      providerPaymentId: String(invoice['id']),
      checkoutId: null,
    });
  }

  private async invoiceFailed(manager: EntityManager, member: MemberEntity, event: ProviderEvent) {
    const invoice = event.data.object;
    const subscriptionId = this.invoiceSubscription(invoice);
    if (!subscriptionId) return;
    const invoiceId = String(invoice['id']);
    // A provider retrying the same invoice is one missed payment, not several.
    if (event.created >= Number(member.lastInvoiceAt) && member.lastFailedInvoiceId !== invoiceId) {
      member.missedPayments += 1;
      member.lastFailedInvoiceId = invoiceId;
      member.lastInvoiceAt = String(event.created);
    }
    await this.recordPayment(manager, {
      userId: member.userId,
      amount: Number(invoice['amount_due'] ?? 0),
      currency: String(invoice['currency'] ?? BILLING_CURRENCY),
      status: PaymentStatus.FAILED,
      type: PaymentType.MEMBERSHIP,
      description: 'Monthly membership dues',
      providerPaymentId: invoiceId,
      checkoutId: null,
      reason: invoice['last_payment_error']?.message ?? 'The monthly payment failed',
      consecutiveFailures: member.missedPayments,
    });
  }

  private invoiceSubscription(invoice: ProviderObject): string | null {
    const id =
      invoice['subscription'] ??
      invoice['parent']?.subscription_details?.subscription ??
      invoice['subscription_details']?.subscription;
    return typeof id === 'string' ? id : null;
  }

  private async checkoutOf(manager: EntityManager, userId: string, session: ProviderObject) {
    const checkoutId = session['metadata']?.checkoutId;
    if (typeof checkoutId === 'string' && UUID.test(checkoutId)) {
      const byId = await manager.findOneBy(CheckoutEntity, { id: checkoutId, userId });
      if (byId) return byId;
    }
    return manager.findOneBy(CheckoutEntity, { providerSessionId: String(session['id']), userId });
  }

  /** A placeholder row until the subscription's own events (which always win) arrive. */
  private async ensureSubscription(
    manager: EntityManager,
    userId: string,
    providerSubscriptionId: string,
    monthlyAmount: number,
    status: SubscriptionStatus,
  ) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(SubscriptionEntity)
      .values({
        userId,
        providerSubscriptionId,
        status,
        monthlyAmount,
        stateAt: '0',
        stateRank: -1,
      })
      .orIgnore()
      .execute();
  }

  /** One row per provider payment; a completed payment is never turned back into a failure. */
  private async recordPayment(
    manager: EntityManager,
    payment: {
      userId: string;
      amount: number;
      currency: string;
      status: PaymentStatus;
      type: PaymentType;
      description: string;
      providerPaymentId: string;
      checkoutId: string | null;
      reason?: string | null;
      consecutiveFailures?: number;
    },
  ): Promise<void> {
    const existing = await manager.findOne(PaymentEntity, {
      where: { providerPaymentId: payment.providerPaymentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (
      existing &&
      (existing.status === PaymentStatus.COMPLETED || existing.status === payment.status)
    )
      return;
    const { reason, consecutiveFailures, ...fields } = payment;
    const row = await manager.save(PaymentEntity, {
      ...(existing ?? {}),
      ...fields,
      currency: fields.currency.toLowerCase(),
    });
    const opts = { source: EVENT_SOURCE, subject: payment.userId, requestId: currentRequestId() };
    if (row.status === PaymentStatus.COMPLETED) {
      await enqueue(
        manager,
        'payment.completed',
        {
          paymentId: row.id,
          userId: row.userId,
          amount: row.amount,
          currency: row.currency,
          type: row.type,
          description: row.description,
          providerPaymentId: row.providerPaymentId,
        },
        opts,
      );
    } else {
      await enqueue(
        manager,
        'payment.failed',
        {
          paymentId: row.id,
          userId: row.userId,
          amount: row.amount,
          currency: row.currency,
          type: row.type,
          reason: reason ?? null,
          consecutiveFailures: consecutiveFailures ?? 0,
        },
        opts,
      );
    }
  }
}
