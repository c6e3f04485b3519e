import { SubscriptionStatus } from '@jibs/domain';
import type { SubscriptionChangedFact } from '../provider/provider-facts';

/** Orders facts of the same second: created < updated < deleted. */
export const CHANGE_RANK: Record<SubscriptionChangedFact['change'], number> = {
  created: 0,
  updated: 1,
  deleted: 2,
};

/** The member's subscription row as stored (null: none yet). */
export interface StoredSubscription {
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  monthlyAmount: number;
  /** Provider time (seconds, as text) and rank of the fact that set this state. */
  stateAt: string;
  stateRank: number;
}

/** A subscription that has not ended is the member's one subscription. */
export const isLive = (
  subscription: StoredSubscription | null,
): subscription is StoredSubscription =>
  Boolean(subscription && subscription.status !== SubscriptionStatus.CANCELED);

export interface SubscriptionState {
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  monthlyAmount: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stateAt: string;
  stateRank: number;
}

export type SubscriptionDecision =
  /** An older (or same-second, lower-ranked) fact, or another subscription that already ended. */
  | { action: 'ignore' }
  /** A second live subscription: ended at the provider at once, never the member's. */
  | { action: 'cancel-other'; subscriptionId: string }
  /** The member's subscription is now this; `ended` says whether it has ended. */
  | { action: 'save'; state: SubscriptionState; ended: boolean };

const date = (seconds: number | null): Date | null =>
  seconds === null ? null : new Date(seconds * 1000);

/** What a subscription fact (at provider time `created`) does to the member's subscription. */
export function subscriptionChange(
  fact: SubscriptionChangedFact,
  stored: StoredSubscription | null,
  created: number,
): SubscriptionDecision {
  if (isLive(stored) && stored.providerSubscriptionId !== fact.subscriptionId) {
    // At most one live subscription: another one is ended at once (its charge is refunded
    // where its invoice arrives); its own facts never touch the member's subscription.
    return fact.status === SubscriptionStatus.CANCELED
      ? { action: 'ignore' }
      : { action: 'cancel-other', subscriptionId: fact.subscriptionId };
  }
  const rank = CHANGE_RANK[fact.change];
  const replacing = stored !== null && stored.providerSubscriptionId !== fact.subscriptionId;
  const newer =
    !stored ||
    replacing ||
    created > Number(stored.stateAt) ||
    (created === Number(stored.stateAt) && rank >= stored.stateRank);
  if (!newer) return { action: 'ignore' };
  return {
    action: 'save',
    state: {
      providerSubscriptionId: fact.subscriptionId,
      status: fact.status,
      monthlyAmount: fact.monthlyAmountCents ?? stored?.monthlyAmount ?? 0,
      currentPeriodStart: date(fact.currentPeriodStart),
      currentPeriodEnd: date(fact.currentPeriodEnd),
      cancelAtPeriodEnd: fact.cancelAtPeriodEnd,
      stateAt: String(created),
      stateRank: rank,
    },
    ended: fact.status === SubscriptionStatus.CANCELED,
  };
}
