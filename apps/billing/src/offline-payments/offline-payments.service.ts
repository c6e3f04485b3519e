import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '@jibs/database';
import {
  BILLING_CURRENCY,
  CheckoutKind,
  DomainError,
  isUuid,
  OfflinePaymentMessages,
  offlinePaymentSchema,
  PaymentStatus,
  PaymentType,
  todayUtc,
  type FieldErrors,
  type ValidOfflinePayment,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { LOGGER, type Logger } from '@jibs/observability';
import { recordAudit } from '@jibs/subgraph';
import { expireAtProvider, expireOpenCheckouts } from '../checkout/open-checkouts';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { MembershipSubscriptionModel } from '../subscriptions/membership-subscription.model';
import { HouseholdMemberModel } from '../household/household-member.model';
import { HouseholdService } from '../household/household.service';
import type { MemberEntity } from '../membership/member.entity';
import { paidMonth } from '../membership/membership-rules';
import { MembersService } from '../membership/members.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../provider/payment-provider';
import { PaymentEntity } from '../payments/payment.entity';
import { PaymentsService } from '../payments/payments.service';
import { OfflinePaymentEntity } from './offline-payment.entity';
import { AdminMemberBillingModel, AdminPaymentModel } from './offline-payments.models';
import type { RecordOfflinePaymentInput } from './dto/record-offline-payment.input';

export const OFFLINE_PAYMENT_ACTION = 'payment.offline_recorded';

const METHOD_WORDS = { cash: 'paid in cash', check: 'paid by check' } as const;

/** The member's first day as billing knows it (its UTC date, as the form's dates are). */
const memberSince = (member: MemberEntity): string => todayUtc(member.createdAt);

/**
 * Admins: a member's billing at a glance, and payments received in person (cash or check),
 * recorded as ordinary completed payments, exactly once per client key.
 */
@Injectable()
export class OfflinePaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly payments: PaymentsService,
    private readonly household: HouseholdService,
    private readonly subscriptions: SubscriptionsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly events: EventPublisher,
  ) {}

  /** One member's payments (newest first), subscription, household and membership. */
  async memberBilling(userId: string): Promise<AdminMemberBillingModel> {
    const member = isUuid(userId) ? await this.members.find(userId) : null;
    if (!member) throw DomainError.notFound('Member not found');
    const [payments, offline, subscription, household, totalPaid] = await Promise.all([
      this.payments.list(userId),
      this.dataSource.manager.findBy(OfflinePaymentEntity, { userId }),
      this.subscriptions.subscription(userId),
      this.household.list(userId),
      this.payments.completedTotal(userId),
    ]);
    const details = new Map(offline.map((row) => [row.paymentId, row]));
    return Object.assign(new AdminMemberBillingModel(), {
      userId,
      membershipStatus: member.membershipStatus,
      registrationFeePaid: member.registrationFeePaid,
      duesPaid: member.duesPaid,
      missedPayments: member.missedPayments,
      memberSince: memberSince(member),
      totalPaid,
      payments: payments.map((row) => AdminPaymentModel.from(row, details.get(row.id))),
      subscription: subscription ? MembershipSubscriptionModel.from(subscription) : null,
      household: household.map((row) => HouseholdMemberModel.from(row)),
    });
  }

  /**
   * Records a payment an admin received. Rules (README): registration marks the registration fee
   * paid (refused when it already is); dues count as a paid month (the missed-payment count starts
   * again). Membership is then recomputed as for any payment, which publishes
   * `membership.status_changed` when it changes.
   */
  async record(actorId: string, input: RecordOfflinePaymentInput): Promise<AdminPaymentModel> {
    const key = input.idempotencyKey?.trim() ?? '';
    if (!isUuid(key))
      throw DomainError.badInput({ idempotencyKey: OfflinePaymentMessages.idempotencyKeyRequired });
    const userId = input.userId?.trim() ?? '';
    const member = isUuid(userId) ? await this.members.find(userId) : null;
    if (!member) throw DomainError.badInput({ userId: OfflinePaymentMessages.unknownMember });
    const parsed = offlinePaymentSchema({
      today: todayUtc(),
      memberSince: memberSince(member),
    }).safeParse({
      amountCents: input.amountCents ?? undefined,
      method: input.method ?? undefined,
      purpose: input.purpose ?? undefined,
      paidOn: input.paidOn ?? undefined,
      note: input.note,
      reference: input.reference,
    });
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'input');
        fieldErrors[field] ??= issue.message;
      }
      throw DomainError.badInput(fieldErrors);
    }
    try {
      return await this.recordOnce(actorId, userId, key, parsed.data);
    } catch (error) {
      // The same key sent concurrently for another member (whose row lock does not serialize the
      // two) meets the unique index: answer as a replay would.
      if (!isUniqueViolation(error)) throw error;
      return this.replay(userId, key, parsed.data);
    }
  }

  private async recordOnce(
    actorId: string,
    userId: string,
    key: string,
    payment: ValidOfflinePayment,
  ): Promise<AdminPaymentModel> {
    const { model, stale } = await this.dataSource.transaction(async (manager) => {
      // The member's lock serializes every submission for them, so a repeat sees the first.
      const member = await this.members.lock(manager, userId);
      const previous = await this.existing(manager, key);
      if (previous) return { model: this.sameOrConflict(previous, userId, payment), stale: [] };
      if (payment.purpose === 'registration' && member.registrationFeePaid)
        throw DomainError.badInput({ purpose: OfflinePaymentMessages.registrationAlreadyPaid });
      const before = {
        membershipStatus: member.membershipStatus,
        registrationFeePaid: member.registrationFeePaid,
        missedPayments: member.missedPayments,
      };
      const registration = payment.purpose === 'registration';
      const row = await manager.save(
        manager.create(PaymentEntity, {
          userId,
          amount: payment.amountCents,
          currency: BILLING_CURRENCY,
          status: PaymentStatus.COMPLETED,
          type: registration ? PaymentType.REGISTRATION : PaymentType.MEMBERSHIP,
          description: `${registration ? 'Registration fee' : 'Monthly membership dues'} (${METHOD_WORDS[payment.method]})`,
          providerPaymentId: `offline_${key}`,
          checkoutId: null,
        }),
      );
      const offline = await manager.save(
        manager.create(OfflinePaymentEntity, {
          paymentId: row.id,
          userId,
          idempotencyKey: key,
          method: payment.method,
          purpose: payment.purpose,
          paidOn: payment.paidOn,
          reference: payment.reference,
          note: payment.note,
          recordedBy: actorId,
        }),
      );
      await this.events.publish(
        manager,
        'payment.completed',
        {
          paymentId: row.id,
          userId,
          amount: row.amount,
          currency: row.currency,
          type: row.type,
          description: row.description,
          providerPaymentId: row.providerPaymentId,
        },
        { subject: userId },
      );
      // A registration checkout still open would now charge a fee already paid: expire it.
      const stale = registration
        ? await expireOpenCheckouts(manager, userId, { kind: CheckoutKind.REGISTRATION })
        : [];
      if (registration) {
        member.registrationFeePaid = true;
      } else {
        // A month paid in person is the newest: the missed months start again from 0.
        Object.assign(member, paidMonth(member, null));
      }
      await this.members.saveAndRecompute(
        manager,
        member,
        registration ? 'offline_registration_paid' : 'offline_dues_paid',
      );
      await recordAudit(this.events, manager, {
        actorId,
        action: OFFLINE_PAYMENT_ACTION,
        subjectType: 'payment',
        subjectId: row.id,
        memberId: userId,
        before,
        after: {
          amount: row.amount,
          currency: row.currency,
          method: payment.method,
          purpose: payment.purpose,
          paidOn: payment.paidOn,
          reference: payment.reference,
          note: payment.note,
          membershipStatus: member.membershipStatus,
          registrationFeePaid: member.registrationFeePaid,
          missedPayments: member.missedPayments,
        },
      });
      return { model: AdminPaymentModel.from(row, offline), stale };
    });
    await expireAtProvider(this.provider, stale, this.logger);
    return model;
  }

  private async replay(
    userId: string,
    key: string,
    payment: ValidOfflinePayment,
  ): Promise<AdminPaymentModel> {
    const previous = await this.existing(this.dataSource.manager, key);
    if (!previous) throw DomainError.conflict(OfflinePaymentMessages.keyReused);
    return this.sameOrConflict(previous, userId, payment);
  }

  private async existing(
    manager: EntityManager,
    key: string,
  ): Promise<{ offline: OfflinePaymentEntity; payment: PaymentEntity } | null> {
    const offline = await manager.findOneBy(OfflinePaymentEntity, { idempotencyKey: key });
    if (!offline) return null;
    const payment = await manager.findOneByOrFail(PaymentEntity, { id: offline.paymentId });
    return { offline, payment };
  }

  /** A repeat of the same submission answers the payment recorded; a different one is refused. */
  private sameOrConflict(
    previous: { offline: OfflinePaymentEntity; payment: PaymentEntity },
    userId: string,
    payment: ValidOfflinePayment,
  ): AdminPaymentModel {
    const { offline, payment: row } = previous;
    const same =
      offline.userId === userId &&
      row.amount === payment.amountCents &&
      offline.method === payment.method &&
      offline.purpose === payment.purpose &&
      offline.paidOn === payment.paidOn;
    if (!same) throw DomainError.conflict(OfflinePaymentMessages.keyReused);
    return AdminPaymentModel.from(row, offline);
  }
}
