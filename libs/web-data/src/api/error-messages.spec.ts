import { ErrorCode, Messages } from '@jibs/domain';
import type { ApiError } from './api-error';
import {
  actionErrorMessage,
  actionErrorNotice,
  genericErrorMessage,
  isChallengeExpired,
  NETWORK_ERROR_MESSAGE,
  signInErrorNotice,
  signUpErrorNotice,
} from './error-messages';

const anError = (overrides: Partial<ApiError>): ApiError => ({
  message: '',
  fieldErrors: {},
  network: false,
  ...overrides,
});

describe('signInErrorNotice', () => {
  it('maps UNAUTHENTICATED (wrong email or password) to Login Failed, whatever the text', () => {
    expect(
      signInErrorNotice(anError({ code: ErrorCode.Unauthenticated, message: 'anything' })),
    ).toEqual({
      title: 'Login Failed',
      message: 'Invalid email or password. Please try again.',
    });
  });

  it('never decides by the message text', () => {
    expect(
      signInErrorNotice(
        anError({ code: ErrorCode.BadUserInput, message: 'Invalid login credentials' }),
      ).message,
    ).toBe('Invalid login credentials');
  });

  it("shows the server's rate-limit message", () => {
    const message = 'Too many sign-in attempts. Try again in 15 minutes.';
    expect(signInErrorNotice(anError({ code: ErrorCode.RateLimited, message })).message).toBe(
      message,
    );
  });

  it('words a network failure calmly', () => {
    expect(signInErrorNotice(anError({ network: true, message: 'Failed to fetch' })).message).toBe(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it('shows other messages as they are', () => {
    expect(
      signInErrorNotice(anError({ code: ErrorCode.Forbidden, message: 'Account locked' })),
    ).toEqual({ title: 'Login Failed', message: 'Account locked' });
  });
});

describe('signUpErrorNotice', () => {
  it('points at the fields when the server named them', () => {
    const notice = signUpErrorNotice(
      anError({ code: ErrorCode.BadUserInput, fieldErrors: { email: Messages.emailTaken } }),
    );
    expect(notice.message).toBe('Please correct the highlighted fields.');
  });

  it('shows a conflict message as it is', () => {
    const notice = signUpErrorNotice(
      anError({ code: ErrorCode.Conflict, message: Messages.emailTaken }),
    );
    expect(notice.message).toBe(Messages.emailTaken);
  });
});

describe('a part of JIBS that is down (SERVICE_UNAVAILABLE)', () => {
  const down = anError({ code: ErrorCode.ServiceUnavailable, message: 'from the gateway' });

  it('reads the same message in every notice', () => {
    expect(signInErrorNotice(down)).toEqual({
      title: Messages.somethingWentWrongTitle,
      message: Messages.serviceUnavailable,
    });
    expect(signUpErrorNotice(down).message).toBe(Messages.serviceUnavailable);
    expect(actionErrorMessage(down)).toBe(Messages.serviceUnavailable);
  });
});

describe('genericErrorMessage', () => {
  it.each([
    [anError({ network: true }), NETWORK_ERROR_MESSAGE],
    [anError({ code: ErrorCode.Unauthenticated }), Messages.sessionExpired],
    [anError({ code: ErrorCode.Forbidden }), Messages.forbidden],
    [anError({ code: ErrorCode.NotFound }), Messages.notFound],
    [anError({ code: ErrorCode.Internal }), 'Server error. Please try again later.'],
    [anError({ status: 502, message: 'Bad Gateway' }), 'Server error. Please try again later.'],
    [anError({ code: ErrorCode.ServiceUnavailable, message: 'x' }), Messages.serviceUnavailable],
    [anError({ code: 'SOMETHING_ELSE' }), Messages.unexpected],
  ])('%p reads %s', (error, expected) => {
    expect(genericErrorMessage(error)).toBe(expected);
  });
});

describe('actionErrorMessage', () => {
  it("shows the server's words for bad input and limits", () => {
    expect(
      actionErrorMessage(
        anError({ code: ErrorCode.BadUserInput, message: Messages.verificationCodeInvalid }),
      ),
    ).toBe(Messages.verificationCodeInvalid);
    expect(
      actionErrorMessage(
        anError({ code: ErrorCode.RateLimited, message: Messages.verificationResendTooSoon }),
      ),
    ).toBe(Messages.verificationResendTooSoon);
  });

  it('words transport and server failures generically', () => {
    expect(actionErrorMessage(anError({ network: true, message: 'Failed to fetch' }))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(actionErrorMessage(anError({ code: ErrorCode.Internal, message: 'boom' }))).toBe(
      'Server error. Please try again later.',
    );
    expect(actionErrorMessage(anError({ code: ErrorCode.Forbidden, message: 'Forbidden' }))).toBe(
      Messages.forbidden,
    );
  });

  it('puts the message under the given title', () => {
    expect(
      actionErrorNotice('Invalid Code', anError({ code: ErrorCode.BadUserInput, message: 'x' })),
    ).toEqual({ title: 'Invalid Code', message: 'x' });
  });
});

describe('isChallengeExpired', () => {
  it('recognises an expired sign-in challenge', () => {
    expect(isChallengeExpired(anError({ code: ErrorCode.Unauthenticated }))).toBe(true);
    // By code only: the same words under another code are not an expired challenge.
    expect(
      isChallengeExpired(
        anError({ code: ErrorCode.BadUserInput, message: Messages.challengeInvalid }),
      ),
    ).toBe(false);
    expect(
      isChallengeExpired(
        anError({ code: ErrorCode.BadUserInput, message: Messages.verificationCodeInvalid }),
      ),
    ).toBe(false);
  });
});
