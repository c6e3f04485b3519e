import { ErrorCode } from '@jibs/domain';
import { type ApiError } from '@jibs/web-data';
import {
  canRetry,
  checkoutFailure,
  MAX_CHECKOUT_RETRIES,
  NO_CHECKOUT_URL,
  retryAttemptLabel,
} from './checkout-errors';

const anError = (message: string, extra: Partial<ApiError> = {}): ApiError => ({
  message,
  fieldErrors: {},
  network: false,
  ...extra,
});

describe('checkoutFailure', () => {
  it('words a signed-out member (UNAUTHENTICATED), without retry', () => {
    expect(
      checkoutFailure(anError('x', { code: ErrorCode.Unauthenticated }), 'registration'),
    ).toEqual({
      title: 'Payment Error',
      message: 'Authentication error. Please try logging in again.',
      retryable: false,
    });
  });

  it('decides by the code, never by the words', () => {
    // Texts the seed's functions sent; with no code they are an unknown failure.
    for (const text of ['STRIPE_SECRET_KEY environment variable is not set', 'Invalid household']) {
      expect(checkoutFailure(anError(text), 'subscription')).toEqual({
        title: 'Subscription Error',
        message: 'Failed to create subscription',
        retryable: true,
      });
    }
    expect(
      checkoutFailure(
        anError('Please fill in all required fields for the household member', {
          code: ErrorCode.BadUserInput,
        }),
        'registration',
      ),
    ).toMatchObject({ message: 'Please fill in all required fields for the household member' });
  });

  it('reports a missing checkout address', () => {
    expect(checkoutFailure('no-url', 'member')).toEqual({
      title: 'Payment Error',
      message: NO_CHECKOUT_URL,
      retryable: true,
    });
    expect(NO_CHECKOUT_URL).toBe('No checkout URL received from payment service');
  });

  it('passes on words meant for the member, and falls back per purpose', () => {
    expect(
      checkoutFailure(
        anError('Registration fee already paid', { code: ErrorCode.Conflict }),
        'registration',
      ).message,
    ).toBe('Registration fee already paid');
    expect(checkoutFailure(anError('boom', { code: 'SOMETHING' }), 'subscription').message).toBe(
      'Failed to create subscription',
    );
    expect(checkoutFailure(anError('boom', { code: 'SOMETHING' }), 'registration').message).toBe(
      'Failed to process payment',
    );
    expect(
      checkoutFailure(anError('Failed to fetch', { network: true }), 'registration').message,
    ).toBe('Network error. Please check your connection and try again.');
  });
});

describe("billing's refusals, known by their code", () => {
  it('shows the email-not-verified refusal (FORBIDDEN), without retry', () => {
    const failure = checkoutFailure(
      anError('Email Not Verified: Please verify your account to continue.', {
        code: ErrorCode.Forbidden,
      }),
      'registration',
    );
    expect(failure).toEqual({
      title: 'Payment Error',
      message: 'Email Not Verified: Please verify your account to continue.',
      retryable: false,
    });
    // Known by the code, not the words: an empty message still gets the refusal's text.
    expect(checkoutFailure(anError('', { code: ErrorCode.Forbidden }), 'member').message).toBe(
      'Email Not Verified: Please verify your account to continue.',
    );
  });

  it('shows the already-subscribed refusal (CONFLICT), without retry', () => {
    const failure = checkoutFailure(
      anError('You already have an active monthly dues subscription.', {
        code: ErrorCode.Conflict,
      }),
      'subscription',
    );
    expect(failure).toEqual({
      title: 'Subscription Error',
      message: 'You already have an active monthly dues subscription.',
      retryable: false,
    });
    expect(checkoutFailure(anError('', { code: ErrorCode.Conflict }), 'subscription').message).toBe(
      'You already have an active monthly dues subscription.',
    );
    expect(canRetry(failure, 0)).toBe(false);
  });
});

describe('retry rules', () => {
  const retryable = checkoutFailure('no-url', 'registration');
  const signedOut = checkoutFailure(
    anError('', { code: ErrorCode.Unauthenticated }),
    'registration',
  );

  it('offers up to three retries', () => {
    expect(MAX_CHECKOUT_RETRIES).toBe(3);
    expect([0, 1, 2, 3].map((n) => canRetry(retryable, n))).toEqual([true, true, true, false]);
  });

  it('never offers a retry when signed out', () => {
    expect(canRetry(signedOut, 0)).toBe(false);
  });

  it('labels the retries n/3', () => {
    expect(retryAttemptLabel(0)).toBeNull();
    expect(retryAttemptLabel(1)).toBe('Retry attempt 1/3');
    expect(retryAttemptLabel(3)).toBe('Retry attempt 3/3');
  });
});
