import { ErrorCode, Messages } from '@jibs/domain';
import { type ApiError, NETWORK_ERROR_MESSAGE } from '@jibs/web-data';
import { submissionFailure } from './submission-errors';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'];

const anError = (overrides: Partial<ApiError>): ApiError => ({
  message: '',
  fieldErrors: {},
  network: false,
  ...overrides,
});

describe('submissionFailure', () => {
  it("shows the server's field messages under their fields, with no extra notice", () => {
    const fieldErrors = { email: Messages.invalidEmail, message: 'Message is required' };
    expect(
      submissionFailure(anError({ code: ErrorCode.BadUserInput, fieldErrors }), FIELDS),
    ).toEqual({ fieldErrors, notice: null, waitAndRetry: false });
  });

  it('shows messages for fields the form does not have as a notice', () => {
    const failure = submissionFailure(
      anError({
        code: ErrorCode.BadUserInput,
        fieldErrors: { email: Messages.invalidEmail, _: 'Something about the whole form' },
      }),
      FIELDS,
    );
    expect(failure.fieldErrors).toEqual({ email: Messages.invalidEmail });
    expect(failure.notice?.message).toBe('Something about the whole form');
  });

  it('shows a bad input without field messages as a notice in its own words', () => {
    const failure = submissionFailure(
      anError({ code: ErrorCode.BadUserInput, message: 'Subject is required' }),
      FIELDS,
    );
    expect(failure).toEqual({
      fieldErrors: {},
      notice: { title: 'Please check the form', message: 'Subject is required' },
      waitAndRetry: false,
    });
  });

  it("shows the server's rate-limit message, as something to wait out", () => {
    const message = 'You have sent several messages in a short time. Try again in 10 minutes.';
    const failure = submissionFailure(anError({ code: ErrorCode.RateLimited, message }), FIELDS);
    expect(failure.notice?.message).toBe(message);
    expect(failure.waitAndRetry).toBe(true);
  });

  it('words a rate limit without a message from the shared messages', () => {
    expect(
      submissionFailure(anError({ code: ErrorCode.RateLimited }), FIELDS).notice?.message,
    ).toBe(Messages.formsThrottled);
  });

  it('words a network failure calmly, titled for the form', () => {
    expect(
      submissionFailure(anError({ network: true }), FIELDS, 'Your question was not sent'),
    ).toEqual({
      fieldErrors: {},
      notice: { title: 'Your question was not sent', message: NETWORK_ERROR_MESSAGE },
      waitAndRetry: false,
    });
  });

  it('does not show an internal error message to the visitor', () => {
    const failure = submissionFailure(
      anError({ code: ErrorCode.Internal, message: 'relation "contact_messages" does not exist' }),
      FIELDS,
    );
    expect(failure.notice).toEqual({
      title: 'Your message was not sent',
      message: 'Server error. Please try again later.',
    });
  });
});
