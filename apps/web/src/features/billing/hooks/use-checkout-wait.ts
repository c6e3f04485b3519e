import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { CheckoutStatusDocument, type CheckoutKind } from '../../../gql/graphql';
import {
  CHECKOUT_POLL_INTERVAL_MS,
  checkoutWaitOutcome,
  type CheckoutWait,
} from '../utils/checkout-wait';

/**
 * Waits for billing to apply a checkout the provider reported back (the webhook may arrive a
 * moment after the browser): polls `checkoutStatus` about once a second for up to 30 seconds.
 * A failed request is tried again on the next tick.
 */
export function useCheckoutWait(sessionId: string | null): {
  outcome: CheckoutWait;
  /** What was paid for, once billing has answered. */
  kind: CheckoutKind | null;
} {
  const client = useApolloClient();
  const [outcome, setOutcome] = useState<CheckoutWait>('waiting');
  const [kind, setKind] = useState<CheckoutKind | null>(null);

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const tick = async () => {
      let state: string | null = null;
      try {
        const { data } = await client.query({
          query: CheckoutStatusDocument,
          variables: { id: sessionId },
          fetchPolicy: 'network-only',
        });
        state = data?.checkoutStatus.state ?? null;
        if (data && !stopped) setKind(data.checkoutStatus.kind);
      } catch {
        state = null;
      }
      if (stopped) return;
      const next = checkoutWaitOutcome(state, Date.now() - startedAt);
      if (next === 'waiting') timer = setTimeout(() => void tick(), CHECKOUT_POLL_INTERVAL_MS);
      else setOutcome(next);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, sessionId]);

  return { outcome, kind };
}
