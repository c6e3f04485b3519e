import { SubscriptionStatus } from '@jibs/domain';
import type { SubscriptionChangedFact } from '../provider/provider-facts';
import { subscriptionChange, type StoredSubscription } from './subscription.mapping';

const T = 1_700_000_000;
const fact = (overrides: Partial<SubscriptionChangedFact> = {}): SubscriptionChangedFact => ({
  kind: 'subscription.changed',
  member: { userId: null, customerId: 'cus_1' },
  subscriptionId: 'sub_1',
  change: 'updated',
  status: SubscriptionStatus.ACTIVE,
  monthlyAmountCents: 2500,
  currentPeriodStart: T,
  currentPeriodEnd: T + 30 * 86400,
  cancelAtPeriodEnd: false,
  ...overrides,
});
const stored = (overrides: Partial<StoredSubscription> = {}): StoredSubscription => ({
  providerSubscriptionId: 'sub_1',
  status: SubscriptionStatus.ACTIVE,
  monthlyAmount: 2500,
  stateAt: String(T),
  stateRank: 1,
  ...overrides,
});

describe("a subscription fact and the member's subscription", () => {
  it('makes the first subscription the member has, with its period as dates', () => {
    expect(subscriptionChange(fact({ change: 'created' }), null, T)).toEqual({
      action: 'save',
      state: {
        providerSubscriptionId: 'sub_1',
        status: SubscriptionStatus.ACTIVE,
        monthlyAmount: 2500,
        currentPeriodStart: new Date(T * 1000),
        currentPeriodEnd: new Date((T + 30 * 86400) * 1000),
        cancelAtPeriodEnd: false,
        stateAt: String(T),
        stateRank: 0,
      },
      ended: false,
    });
  });

  it('ends a second live subscription at once and never touches the member’s', () => {
    expect(subscriptionChange(fact({ subscriptionId: 'sub_2' }), stored(), T + 5)).toEqual({
      action: 'cancel-other',
      subscriptionId: 'sub_2',
    });
    expect(
      subscriptionChange(
        fact({ subscriptionId: 'sub_2', change: 'deleted', status: SubscriptionStatus.CANCELED }),
        stored(),
        T + 5,
      ),
    ).toEqual({ action: 'ignore' });
  });

  it('lets a newer subscription replace one that ended', () => {
    const result = subscriptionChange(
      fact({ subscriptionId: 'sub_2', change: 'created' }),
      stored({ status: SubscriptionStatus.CANCELED, stateAt: String(T + 100), stateRank: 2 }),
      T,
    );
    expect(result).toMatchObject({ action: 'save', state: { providerSubscriptionId: 'sub_2' } });
  });

  it('ignores an older fact, and a same-second fact of a lower rank', () => {
    expect(subscriptionChange(fact(), stored({ stateAt: String(T + 1) }), T)).toEqual({
      action: 'ignore',
    });
    expect(subscriptionChange(fact({ change: 'created' }), stored(), T)).toEqual({
      action: 'ignore',
    });
  });

  it('applies a newer fact, and a same-second fact of the same or a higher rank', () => {
    expect(subscriptionChange(fact(), stored(), T + 1).action).toBe('save');
    expect(subscriptionChange(fact(), stored(), T).action).toBe('save');
    expect(
      subscriptionChange(
        fact({ change: 'deleted', status: SubscriptionStatus.CANCELED }),
        stored(),
        T,
      ),
    ).toMatchObject({ action: 'save', state: { stateRank: 2 }, ended: true });
  });

  it('keeps the stored price when the fact has none, and 0 when nothing knows it', () => {
    expect(
      subscriptionChange(
        fact({ monthlyAmountCents: null }),
        stored({ monthlyAmount: 3000 }),
        T + 1,
      ),
    ).toMatchObject({ state: { monthlyAmount: 3000 } });
    expect(
      subscriptionChange(
        fact({ monthlyAmountCents: null, currentPeriodStart: null, currentPeriodEnd: null }),
        null,
        T,
      ),
    ).toMatchObject({
      state: { monthlyAmount: 0, currentPeriodStart: null, currentPeriodEnd: null },
    });
  });
});
