import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BillingMessages,
  CheckoutKind,
  CheckoutState,
  DomainError,
  HouseholdMessages,
  memberFeeLine,
  MemberFeeStatus,
  quoteRegistration,
  SubscriptionStatus,
  isUuid,
} from '@jibs/domain';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { HouseholdService } from '../household/household.service';
import { MemberEntity } from '../membership/member.entity';
import { MembersService } from '../membership/members.service';
import {
  PAYMENT_PROVIDER,
  type CheckoutLineItem,
  type PaymentProvider,
} from '../provider/payment-provider';
import { FeeSettingsService } from '../settings/fee-settings.service';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { CheckoutEntity } from './checkout.entity';
import {
  expireAtProvider,
  expireOpenCheckouts,
  householdSnapshot,
  openKeyOf,
} from './open-checkouts';

/** A live checkout older than this is replaced rather than reused (Stripe's expire after 24 h). */
const REUSE_OPEN_CHECKOUT_MS = 23 * 3600 * 1000;

interface CheckoutPlan {
  lineItems: CheckoutLineItem[];
  successPath: string;
  /** What the amount priced (registration: the household), compared when it completes. */
  snapshot: string | null;
}

export const CheckoutMessages = {
  alreadyRegistered: 'Your registration fee is already paid.',
  registrationFirst: 'Please complete your registration payment before setting up monthly dues.',
  alreadySubscribed: BillingMessages.alreadySubscribed,
  noFeeDue: 'This household member has no fee to pay.',
} as const;

/** Starts checkouts with amounts billing computed, and answers about them. */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly household: HouseholdService,
    private readonly settings: FeeSettingsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async startRegistration(userId: string): Promise<CheckoutEntity> {
    return this.open(userId, CheckoutKind.REGISTRATION, null, async (manager, member) => {
      if (member.registrationFeePaid)
        throw DomainError.conflict(CheckoutMessages.alreadyRegistered);
      // One after the other: the transaction's one connection runs one query at a time.
      const rows = await this.household.list(userId, manager);
      const settings = await this.settings.current(manager);
      const quote = quoteRegistration(rows, settings);
      return {
        lineItems: [
          { label: 'Household registration fee', amount: quote.baseFee, kind: 'registration' },
          ...quote.memberLines.map((line) => ({ ...line, kind: 'member' as const })),
        ],
        successPath: 'registration-payment-success',
        snapshot: householdSnapshot(rows),
      };
    });
  }

  async startSubscription(userId: string): Promise<CheckoutEntity> {
    return this.open(userId, CheckoutKind.SUBSCRIPTION, null, async (manager, member) => {
      if (!member.registrationFeePaid)
        throw DomainError.conflict(CheckoutMessages.registrationFirst);
      const subscription = await manager.findOneBy(SubscriptionEntity, { userId });
      // Any subscription not ended is the member's one: a second one is never started.
      if (subscription && subscription.status !== SubscriptionStatus.CANCELED)
        throw DomainError.conflict(CheckoutMessages.alreadySubscribed);
      const { monthlyDues } = await this.settings.current(manager);
      return {
        lineItems: [{ label: 'Monthly family membership', amount: monthlyDues, kind: 'dues' }],
        successPath: 'payment-success',
        snapshot: null,
      };
    });
  }

  async startHouseholdMember(userId: string, memberId: string): Promise<CheckoutEntity> {
    // Not found before anything else, so another member's id reveals nothing.
    await this.household.own(userId, memberId);
    return this.open(userId, CheckoutKind.HOUSEHOLD_MEMBER, memberId, async (manager, member) => {
      const row = await this.household.own(userId, memberId, manager);
      if (row.feeStatus !== MemberFeeStatus.PAYMENT_DUE || row.fee <= 0)
        throw DomainError.conflict(CheckoutMessages.noFeeDue);
      if (!member.registrationFeePaid)
        throw DomainError.conflict(HouseholdMessages.registrationRequired);
      return {
        lineItems: [{ ...memberFeeLine(row, row.fee), kind: 'member' }],
        successPath: 'payment-success',
        snapshot: null,
      };
    });
  }

  /** By the provider's session id (the `session_id` the browser returns with) or billing's id. */
  async status(userId: string, id: string): Promise<CheckoutEntity> {
    const row = isUuid(id)
      ? await this.dataSource.manager.findOneBy(CheckoutEntity, { id, userId })
      : id.length <= 255
        ? await this.dataSource.manager.findOneBy(CheckoutEntity, { providerSessionId: id, userId })
        : null;
    if (!row) throw DomainError.notFound('Checkout not found');
    return row;
  }

  /**
   * One live checkout per member and purpose. Under the member's row lock (held through the
   * provider call, so concurrent starts queue): a live checkout for the same amount and
   * household is returned as it is; one that no longer matches (or is near the provider's
   * 24-hour expiry) is expired and replaced. The unique (user, open key) index backs this up.
   */
  private async open(
    userId: string,
    kind: CheckoutKind,
    householdMemberId: string | null,
    plan: (manager: EntityManager, member: MemberEntity) => Promise<CheckoutPlan>,
  ): Promise<CheckoutEntity> {
    const stale: string[] = [];
    const checkout = await this.dataSource.transaction(async (manager) => {
      const member = await this.members.lock(manager, userId);
      // The spec's 'Email Not Verified': a member who never verified cannot pay.
      if (!member.emailVerified) throw DomainError.forbidden(BillingMessages.emailNotVerified);
      const { lineItems, successPath, snapshot } = await plan(manager, member);
      const amount = lineItems.reduce((sum, item) => sum + item.amount, 0);
      const openKey = openKeyOf(kind, householdMemberId);
      const live = await manager.findOneBy(CheckoutEntity, { userId, openKey });
      if (live) {
        const fresh = Date.now() - live.createdAt.getTime() < REUSE_OPEN_CHECKOUT_MS;
        if (live.url && live.amount === amount && live.snapshot === snapshot && fresh) return live;
        stale.push(
          ...(await expireOpenCheckouts(manager, userId, {
            kind,
            householdMemberId: householdMemberId ?? undefined,
          })),
        );
      }
      const row = await manager.save(
        manager.create(CheckoutEntity, {
          userId,
          kind,
          state: CheckoutState.OPEN,
          amount,
          householdMemberId,
          openKey,
          snapshot,
        }),
      );
      const origin = this.config.PUBLIC_ORIGIN;
      const created = await this.provider.createCheckoutSession({
        kind,
        userId,
        customer: {
          userId,
          email: member.email,
          name: [member.firstName, member.lastName].filter(Boolean).join(' ') || null,
          existingId: member.providerCustomerId,
        },
        lineItems,
        successUrl: `${origin}/${successPath}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/payment-cancelled?session_id={CHECKOUT_SESSION_ID}`,
        metadata: { userId, kind, checkoutId: row.id },
        idempotencyKey: `checkout-${row.id}`,
      });
      await manager.update(
        CheckoutEntity,
        { id: row.id },
        { providerSessionId: created.sessionId, url: created.url },
      );
      // The first customer made for a member is kept.
      if (!member.providerCustomerId)
        await manager.update(MemberEntity, { userId }, { providerCustomerId: created.customerId });
      return Object.assign(row, { providerSessionId: created.sessionId, url: created.url });
    });
    await expireAtProvider(this.provider, stale);
    return checkout;
  }
}
