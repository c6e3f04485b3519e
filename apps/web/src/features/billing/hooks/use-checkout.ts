import { useState } from 'react';
import { toApiError } from '@jibs/web-data';
import {
  canRetry,
  checkoutFailure,
  retryAttemptLabel,
  type CheckoutFailure,
  type CheckoutPurpose,
} from '../utils/checkout-errors';

export interface CheckoutAction {
  /** Starts the checkout; `retry` marks a retry after a failure. */
  begin: (retry?: boolean) => Promise<void>;
  pending: boolean;
  failure: CheckoutFailure | null;
  showRetry: boolean;
  retryLabel: string | null;
}

/**
 * Starting a checkout: ask billing for a checkout address and send the browser there (the same
 * window for registration steps; a new tab from the profile). Failures carry the catalogue's
 * words and the retry rules (spec 8).
 */
export function useCheckout(
  purpose: CheckoutPurpose,
  start: () => Promise<string | null | undefined>,
  target: 'same-window' | 'new-tab' = 'same-window',
  onOpened?: () => void,
): CheckoutAction {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [retries, setRetries] = useState(0);

  const begin = async (retry = false) => {
    if (retry) setRetries((n) => n + 1);
    setPending(true);
    setFailure(null);
    // A tab opened after an await is blocked as a pop-up: open it now, point it later.
    const tab = target === 'new-tab' ? window.open('', '_blank') : null;
    try {
      const url = await start();
      if (!url) {
        tab?.close();
        setFailure(checkoutFailure('no-url', purpose));
        setPending(false);
        return;
      }
      if (target === 'new-tab') {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
        onOpened?.();
      } else {
        window.location.assign(url);
        return; // Leaving the page: the button stays busy.
      }
    } catch (error) {
      tab?.close();
      setFailure(checkoutFailure(toApiError(error), purpose));
    }
    setPending(false);
  };

  return {
    begin,
    pending,
    failure,
    showRetry: !!failure && canRetry(failure, retries),
    retryLabel: retryAttemptLabel(retries),
  };
}
