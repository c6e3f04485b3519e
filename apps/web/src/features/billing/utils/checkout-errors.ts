import { BillingMessages, ErrorCode, PaymentMessages } from '@jibs/domain';
import { type ApiError, genericErrorMessage } from '@jibs/web-data';

/** What a checkout pays for: the registration fee, the monthly dues, or an added member. */
export type CheckoutPurpose = 'registration' | 'subscription' | 'member';

/** Payment retries stop after three (spec 8 and 9). */
export const MAX_CHECKOUT_RETRIES = 3;

export const NO_CHECKOUT_URL = PaymentMessages.noCheckoutUrl;

export interface CheckoutFailure {
  /** The notice's title: 'Payment Error' or 'Subscription Error' (spec 8). */
  title: string;
  message: string;
  /** Refusals a retry cannot change (signed out, unverified, already paid) are final (spec 8). */
  retryable: boolean;
}

const WORDING: Record<CheckoutPurpose, { title: string; fallback: string }> = {
  registration: {
    title: PaymentMessages.paymentErrorTitle,
    fallback: PaymentMessages.paymentFailed,
  },
  member: { title: PaymentMessages.paymentErrorTitle, fallback: PaymentMessages.paymentFailed },
  // The spec's words (section 8: 'Subscription Error', message or 'Failed to create subscription').
  subscription: {
    title: PaymentMessages.subscriptionErrorTitle,
    fallback: PaymentMessages.subscriptionFailed,
  },
};

const AUTHENTICATION_ERROR = PaymentMessages.authenticationError;

/**
 * The catalogue's payment errors (spec 8, "Payments"): a failed checkout start in the member's
 * words, and whether a retry may help. `'no-url'` is an answer without a checkout address.
 */
export function checkoutFailure(
  error: ApiError | 'no-url',
  purpose: CheckoutPurpose,
): CheckoutFailure {
  const wording = WORDING[purpose];
  if (error === 'no-url')
    return { title: wording.title, message: NO_CHECKOUT_URL, retryable: true };
  const text = error.message ?? '';
  // Billing's refusals, known by their code: an address never verified (FORBIDDEN), or what
  // is being paid for is already paid or running (CONFLICT). Retrying would not change them.
  if (error.code === ErrorCode.Forbidden) {
    return {
      title: wording.title,
      message: text || BillingMessages.emailNotVerified,
      retryable: false,
    };
  }
  if (error.code === ErrorCode.Conflict) {
    const known = purpose === 'subscription' ? BillingMessages.alreadySubscribed : wording.fallback;
    return { title: wording.title, message: text || known, retryable: false };
  }
  // Known by their code alone, never by their words (the seed's server functions matched texts
  // such as 'environment variable' or 'Invalid household' that no JIBS service sends).
  if (error.code === ErrorCode.Unauthenticated) {
    return { title: wording.title, message: AUTHENTICATION_ERROR, retryable: false };
  }
  const speaksToUser =
    error.code === ErrorCode.BadUserInput ||
    error.code === ErrorCode.Conflict ||
    error.code === ErrorCode.Forbidden ||
    error.code === ErrorCode.RateLimited;
  if (speaksToUser && text) return { title: wording.title, message: text, retryable: true };
  if (
    error.network ||
    (error.status ?? 0) >= 500 ||
    error.code === ErrorCode.Internal ||
    error.code === ErrorCode.ServiceUnavailable
  ) {
    return { title: wording.title, message: genericErrorMessage(error), retryable: true };
  }
  return { title: wording.title, message: wording.fallback, retryable: true };
}

/** Whether the Retry action shows after a failure, given the retries already made (up to 3). */
export function canRetry(failure: CheckoutFailure, retries: number): boolean {
  return failure.retryable && retries < MAX_CHECKOUT_RETRIES;
}

/** 'Retry attempt n/3' once the member has retried; null for the first try. */
export function retryAttemptLabel(retries: number): string | null {
  return retries >= 1 ? PaymentMessages.retryAttempt(retries, MAX_CHECKOUT_RETRIES) : null;
}
