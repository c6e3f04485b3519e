/** How the payment result pages wait for billing to apply a checkout (polling `checkoutStatus`). */
export const CHECKOUT_POLL_INTERVAL_MS = 1_000;
export const CHECKOUT_WAIT_LIMIT_MS = 30_000;

export type CheckoutWait = 'waiting' | 'completed' | 'failed' | 'timeout';

/**
 * The page's state from the latest known checkout state (null: not known yet, e.g. the request
 * failed) and how long it has waited. A checkout still open when time runs out: 'timeout'.
 */
export function checkoutWaitOutcome(state: string | null, elapsedMs: number): CheckoutWait {
  if (state === 'COMPLETED') return 'completed';
  if (state === 'FAILED' || state === 'EXPIRED') return 'failed';
  return elapsedMs >= CHECKOUT_WAIT_LIMIT_MS ? 'timeout' : 'waiting';
}
