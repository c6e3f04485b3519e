import { ErrorCode, Messages, PublicContactMessages, type FieldErrors } from '@jibs/domain';
import {
  type ApiError,
  genericErrorMessage,
  translateText,
  type ErrorNotice,
} from '@jibs/web-data';

export interface SubmissionFailure {
  /** Messages to show under the form's own fields. */
  fieldErrors: FieldErrors;
  /** A message for the whole form, when something is not about one field. */
  notice: ErrorNotice | null;
  /** Nothing is wrong with what was written: the visitor only needs to wait (a rate limit). */
  waitAndRetry: boolean;
}

/**
 * How a public form (contact, question) shows a failed submission: the server's field
 * messages under their fields, a rate limit in its own words, anything else in the catalogue's
 * generic wording.
 */
export function submissionFailure(
  error: ApiError,
  fields: readonly string[],
  notSentTitle: string = PublicContactMessages.messageNotSent,
): SubmissionFailure {
  if (error.code === ErrorCode.RateLimited) {
    return {
      fieldErrors: {},
      notice: {
        title: translateText(PublicContactMessages.tryLater),
        message: translateText(error.message || Messages.formsThrottled),
      },
      waitAndRetry: true,
    };
  }
  if (error.code === ErrorCode.BadUserInput) {
    const fieldErrors: FieldErrors = {};
    const others: string[] = [];
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      if (fields.includes(field)) fieldErrors[field] = message;
      else if (!others.includes(message)) others.push(message);
    }
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    if (hasFieldErrors && others.length === 0) {
      return { fieldErrors, notice: null, waitAndRetry: false };
    }
    return {
      fieldErrors,
      notice: {
        title: translateText(PublicContactMessages.checkForm),
        message: others.join(' ') || error.message || genericErrorMessage(error),
      },
      waitAndRetry: false,
    };
  }
  return {
    fieldErrors: {},
    notice: { title: translateText(notSentTitle), message: genericErrorMessage(error) },
    waitAndRetry: false,
  };
}
