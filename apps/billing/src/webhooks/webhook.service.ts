import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BILLING_CURRENCY,
  CheckoutKind,
  CheckoutState,
  FlagReasons,
  MemberFeeStatus,
  PaymentStatus,
  PaymentType,
  SubscriptionStatus,
  isUuid,
} from '@jibs/domain';
import { enqueue } from '@jibs/events';
import { currentRequestId, type Logger } from '@jibs/observability';
import { CheckoutEntity } from '../checkout/checkout.entity';
import { HouseholdMemberEntity } from '../household/household-member.entity';
import type { MemberEntity } from '../membership/member.entity';
import { EVENT_SOURCE, MembersService } from '../membership/members.service';
import { householdSnapshot } from '../checkout/open-checkouts';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderEvent,
} from '../provider/payment-provider';
import { PaymentEntity } from '../payments/payment.entity';
import { ProviderEventEntity } from './provider-event.entity';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';

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

/** Provider calls an event asks for, made once its transaction committed. */
type FollowUp =
  | { kind: 'refund'; paymentId: string; paymentRef: string }
  | { kind: 'cancel-subscription'; subscriptionId: string };

/** A subscription that has not ended is the member's one subscription. */
const live = (subscription: SubscriptionEntity | null): subscription is SubscriptionEntity =>
  Boolean(subscription && subscription.status !== SubscriptionStatus.CANCELED);

const paymentRefOf = (object: ProviderObject): string | null => {
  const ref =
    object['payment_intent'] ??
    object['payments']?.data?.[0]?.payment?.payment_intent ??
    object['charge'];
  return typeof ref === 'string' && ref ? ref : null;
};

/**
 * Applies verified provider events: each once (its id is recorded in the same transaction as
 * its effects and outbox events), in any order (state carries the provider's time).
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async apply(event: ProviderEvent, logger?: Logger): Promise<AppliedEvent> {
    const followUps: FollowUp[] = [];
    const applied = await this.applyInTransaction(event, followUps, logger);
    // After the commit: the provider's answers (the sandbox's own webhooks) lock the member too.
    for (const followUp of followUps) await this.followUp(followUp, logger);
    return applied;
  }

  private applyInTransaction(
    event: ProviderEvent,
    followUps: FollowUp[],
    logger?: Logger,
  ): Promise<AppliedEvent> {
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
          await this.checkoutCompleted(manager, member, object, followUps);
          break;
        case 'payment_intent.payment_failed':
          await this.paymentFailed(manager, member, object);
          break;
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await this.subscriptionChanged(manager, member, event, followUps);
          break;
        case 'invoice.paid':
          await this.invoicePaid(manager, member, event, followUps);
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

  /** Refunds a flagged payment, or ends a second subscription; a failure stays for an admin. */
  private async followUp(followUp: FollowUp, logger?: Logger): Promise<void> {
    if (followUp.kind === 'cancel-subscription') {
      try {
        await this.provider.cancelSubscriptionNow(
          followUp.subscriptionId,
          `cancel-now-${followUp.subscriptionId}`,
        );
      } catch (error) {
        logger?.error(
          { err: error, subscriptionId: followUp.subscriptionId },
          'cancelling a second subscription failed',
        );
      }
      return;
    }
    try {
      const refundId = await this.provider.refund(
        followUp.paymentRef,
        `refund-${followUp.paymentId}`,
      );
      await this.dataSource.manager.update(
        PaymentEntity,
        { id: followUp.paymentId },
        { refundStatus: 'refunded', providerRefundId: refundId },
      );
    } catch (error) {
      logger?.error({ err: error, paymentId: followUp.paymentId }, 'refund failed');
      await this.dataSource.manager.update(
        PaymentEntity,
        { id: followUp.paymentId },
        { refundStatus: 'failed' },
      );
    }
  }

  /**
   * A payment the provider took that billing does not count: recorded CANCELLED with its
   * reason (admins list these), refunded after the commit when the provider can.
   */
  private async flagPayment(
    manager: EntityManager,
    followUps: FollowUp[],
    payment: {
      userId: string;
      amount: number;
      currency: string;
      type: PaymentType;
      description: string;
      providerPaymentId: string;
      checkoutId: string | null;
      reason: string;
      refundRef: string | null;
      providerSubscriptionId?: string | null;
    },
  ): Promise<void> {
    const existing = await manager.findOne(PaymentEntity, {
      where: { providerPaymentId: payment.providerPaymentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing) return;
    const { reason, refundRef, ...fields } = payment;
    const row = await manager.save(PaymentEntity, {
      ...fields,
      currency: fields.currency.toLowerCase(),
      status: PaymentStatus.CANCELLED,
      flagReason: reason,
      refundRef,
      refundStatus: refundRef ? 'pending' : 'manual',
    });
    if (refundRef) followUps.push({ kind: 'refund', paymentId: row.id, paymentRef: refundRef });
  }

  /** Why a completed one-time checkout must not count, or null when it matches what it was for. */
  private async mismatch(
    manager: EntityManager,
    member: MemberEntity,
    checkout: CheckoutEntity | null,
    amount: number,
  ): Promise<string | null> {
    if (!checkout) return FlagReasons.unknownCheckout;
    // The most specific reason first: what the payment was for, then the checkout itself.
    if (checkout.kind === CheckoutKind.REGISTRATION) {
      if (member.registrationFeePaid) return FlagReasons.registrationAlreadyPaid;
      const rows = await manager.findBy(HouseholdMemberEntity, { userId: member.userId });
      if (checkout.snapshot !== householdSnapshot(rows)) return FlagReasons.householdChanged;
    }
    if (checkout.kind === CheckoutKind.HOUSEHOLD_MEMBER) {
      const row = checkout.householdMemberId
        ? await manager.findOneBy(HouseholdMemberEntity, {
            id: checkout.householdMemberId,
            userId: member.userId,
          })
        : null;
      if (!row) return FlagReasons.memberRemoved;
      if (row.feeStatus === MemberFeeStatus.PAID) return FlagReasons.memberFeeAlreadyPaid;
      if (row.feeStatus !== MemberFeeStatus.PAYMENT_DUE || row.fee !== amount)
        return FlagReasons.amountMismatch;
    }
    if (checkout.state === CheckoutState.EXPIRED || checkout.state === CheckoutState.COMPLETED)
      return FlagReasons.expiredCheckout;
    if (amount !== checkout.amount) return FlagReasons.amountMismatch;
    return null;
  }

  private async userIdOf(manager: EntityManager, object: ProviderObject): Promise<string | null> {
    const candidates = [
      object['metadata']?.userId,
      object['parent']?.subscription_details?.metadata?.userId,
      object['subscription_details']?.metadata?.userId,
    ];
    const fromMetadata = candidates.find((value) => typeof value === 'string' && isUuid(value));
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
    followUps: FollowUp[],
  ) {
    const checkout = await this.checkoutOf(manager, member.userId, session);
    if (typeof session['customer'] === 'string' && !member.providerCustomerId)
      member.providerCustomerId = session['customer'];
    if (session['mode'] === 'subscription') {
      // The subscription's own events decide (a second one is cancelled and refunded there).
      if (checkout) await this.closeCheckout(manager, checkout.id, CheckoutState.COMPLETED);
      const subscriptionId = session['subscription'];
      if (typeof subscriptionId === 'string') {
        const current = await manager.findOneBy(SubscriptionEntity, { userId: member.userId });
        if (!live(current))
          await this.ensureSubscription(
            manager,
            member.userId,
            subscriptionId,
            checkout?.amount ?? 0,
            SubscriptionStatus.INCOMPLETE,
          );
      }
      return;
    }
    const providerPaymentId = String(session['payment_intent'] ?? session['id']);
    // A redelivery of a payment already recorded (counted or flagged) changes nothing.
    if (await manager.findOneBy(PaymentEntity, { providerPaymentId })) return;
    const amount = Number(session['amount_total'] ?? 0);
    const currency = String(session['currency'] ?? BILLING_CURRENCY);
    const kind = checkout?.kind ?? session['metadata']?.kind;
    const problem = await this.mismatch(manager, member, checkout, amount);
    if (checkout) await this.closeCheckout(manager, checkout.id, CheckoutState.COMPLETED);
    if (problem) {
      await this.flagPayment(manager, followUps, {
        userId: member.userId,
        amount,
        currency,
        type: paymentTypeOf(kind),
        description:
          kind === CheckoutKind.REGISTRATION
            ? 'Registration fee (not counted: refunded)'
            : 'Household member fee (not counted: refunded)',
        providerPaymentId,
        checkoutId: checkout?.id ?? null,
        reason: problem,
        refundRef: paymentRefOf(session),
      });
      return;
    }
    let description = 'Registration fee';
    if (checkout!.kind === CheckoutKind.HOUSEHOLD_MEMBER) {
      const householdMember = await manager.findOneByOrFail(HouseholdMemberEntity, {
        id: checkout!.householdMemberId!,
        userId: member.userId,
      });
      householdMember.feeStatus = MemberFeeStatus.PAID;
      await manager.save(householdMember);
      description = `Household member fee: ${householdMember.firstName} ${householdMember.lastName}`;
    }
    if (checkout!.kind === CheckoutKind.REGISTRATION) member.registrationFeePaid = true;
    await this.recordPayment(manager, {
      userId: member.userId,
      amount,
      currency,
      status: PaymentStatus.COMPLETED,
      type: paymentTypeOf(checkout!.kind),
      description,
      providerPaymentId,
      checkoutId: checkout!.id,
    });
  }

  /** A checkout that completed or expired is no longer the member's live one. */
  private async closeCheckout(manager: EntityManager, id: string, state: CheckoutState) {
    await manager.update(CheckoutEntity, { id }, { state, openKey: null });
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
    if (typeof checkoutId === 'string' && isUuid(checkoutId)) {
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
      checkoutId: typeof checkoutId === 'string' && isUuid(checkoutId) ? checkoutId : null,
      reason: intent['last_payment_error']?.message ?? null,
      consecutiveFailures: member.missedPayments,
    });
  }

  private async subscriptionChanged(
    manager: EntityManager,
    member: MemberEntity,
    event: ProviderEvent,
    followUps: FollowUp[],
  ) {
    const object = event.data.object;
    const subscriptionId = String(object['id']);
    const rank = SUBSCRIPTION_EVENT_RANK[event.type] ?? 1;
    const item = object['items']?.data?.[0] ?? {};
    const status = subscriptionStatusOf(
      event.type === 'customer.subscription.deleted' ? 'canceled' : String(object['status']),
    );
    const existing = await manager.findOne(SubscriptionEntity, {
      where: { userId: member.userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (live(existing) && existing.providerSubscriptionId !== subscriptionId) {
      // At most one live subscription: another one is ended at once (its charge is refunded
      // where its invoice arrives); its own events never touch the member's subscription.
      if (status !== SubscriptionStatus.CANCELED)
        followUps.push({ kind: 'cancel-subscription', subscriptionId });
      return;
    }
    const replacing = existing && existing.providerSubscriptionId !== subscriptionId;
    const newer =
      !existing ||
      replacing ||
      event.created > Number(existing.stateAt) ||
      (event.created === Number(existing.stateAt) && rank >= existing.stateRank);
    if (!newer) return;
    const row = await manager.save(SubscriptionEntity, {
      userId: member.userId,
      providerSubscriptionId: subscriptionId,
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

  private async invoicePaid(
    manager: EntityManager,
    member: MemberEntity,
    event: ProviderEvent,
    followUps: FollowUp[],
  ) {
    const invoice = event.data.object;
    const subscriptionId = this.invoiceSubscription(invoice);
    if (!subscriptionId) return;
    const amount = Number(invoice['amount_paid'] ?? 0);
    const current = await manager.findOne(SubscriptionEntity, {
      where: { userId: member.userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (live(current) && current.providerSubscriptionId !== subscriptionId) {
      // A second subscription's charge: ended at once and refunded, never counted.
      await this.flagPayment(manager, followUps, {
        userId: member.userId,
        amount,
        currency: String(invoice['currency'] ?? BILLING_CURRENCY),
        type: PaymentType.MEMBERSHIP,
        description: 'Monthly membership dues (second subscription: refunded)',
        providerPaymentId: String(invoice['id']),
        checkoutId: null,
        reason: FlagReasons.secondSubscription,
        refundRef: paymentRefOf(invoice),
        providerSubscriptionId: subscriptionId,
      });
      followUps.push({ kind: 'cancel-subscription', subscriptionId });
      return;
    }
    member.duesPaid = true;
    if (event.created >= Number(member.lastInvoiceAt)) {
      member.missedPayments = 0;
      member.lastFailedInvoiceId = null;
      member.lastInvoiceAt = String(event.created);
    }
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
      providerSubscriptionId: subscriptionId,
      periodStart: this.invoicePeriod(invoice),
    });
  }

  private async invoiceFailed(manager: EntityManager, member: MemberEntity, event: ProviderEvent) {
    const invoice = event.data.object;
    const subscriptionId = this.invoiceSubscription(invoice);
    if (!subscriptionId) return;
    const invoiceId = String(invoice['id']);
    const current = await manager.findOneBy(SubscriptionEntity, { userId: member.userId });
    // Another subscription's failure is not the member's missed payment.
    if (live(current) && current.providerSubscriptionId !== subscriptionId) return;
    // A failure that arrives after the same invoice, or the same period, was paid is history
    // the member no longer owes: no FAILED payment, no missed payment.
    const periodStart = this.invoicePeriod(invoice);
    const paid = await manager
      .createQueryBuilder(PaymentEntity, 'p')
      .where('p.status = :completed', { completed: PaymentStatus.COMPLETED })
      .andWhere(
        '(p.provider_payment_id = :invoiceId OR (p.provider_subscription_id = :subscriptionId AND p.period_start = :periodStart))',
        { invoiceId, subscriptionId, periodStart: periodStart ?? '-1' },
      )
      .getCount();
    if (paid > 0) return;
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
      providerSubscriptionId: subscriptionId,
      periodStart,
    });
  }

  /** The period a dues invoice pays for (its line's period; the invoice's own otherwise). */
  private invoicePeriod(invoice: ProviderObject): string | null {
    const start = invoice['lines']?.data?.[0]?.period?.start ?? invoice['period_start'];
    return typeof start === 'number' ? String(start) : null;
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
    if (typeof checkoutId === 'string' && isUuid(checkoutId)) {
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
      providerSubscriptionId?: string | null;
      periodStart?: string | null;
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
