import { ErrorCode, Messages } from '@jibs/domain';
import type { ApiError } from './api-error';
import { translateText } from '../language/language-store';

export interface ErrorNotice {
  title: string;
  message: string;
}

export const NETWORK_ERROR_MESSAGE = Messages.networkError;
export const SERVER_ERROR_MESSAGE = Messages.serverError;

/** A notice in the reader's language: the server's English text stays for other callers. */
function translated(notice: ErrorNotice): ErrorNotice {
  return { title: translateText(notice.title), message: translateText(notice.message) };
}

/** Failures that are the platform's, not the user's: they get the generic wording. */
function isPlatformFailure(error: ApiError): boolean {
  return (
    error.network ||
    !error.code ||
    error.code === ErrorCode.Internal ||
    error.code === ErrorCode.ServiceUnavailable
  );
}

/** The catalogue's generic wording for an error no screen words more precisely (spec 8). */
export function genericErrorMessage(error: ApiError): string {
  return translateText(englishGenericMessage(error));
}

function englishGenericMessage(error: ApiError): string {
  if (error.network) return NETWORK_ERROR_MESSAGE;
  if (error.status && error.status >= 500) return SERVER_ERROR_MESSAGE;
  switch (error.code) {
    case ErrorCode.Unauthenticated:
      return Messages.sessionExpired;
    case ErrorCode.Forbidden:
      return Messages.forbidden;
    case ErrorCode.NotFound:
      return Messages.notFound;
    case ErrorCode.BadUserInput:
      return Messages.checkInput;
    case ErrorCode.RateLimited:
      return error.message || Messages.rateLimited;
    case ErrorCode.ServiceUnavailable:
      return Messages.serviceUnavailable;
    case ErrorCode.Internal:
      return SERVER_ERROR_MESSAGE;
    default:
      return Messages.unexpected;
  }
}

/**
 * Sign-in failures (spec 8, "Sign-in and account"), told apart by `extensions.code` only: wrong
 * credentials are UNAUTHENTICATED. (Sign-in never fails for an unverified email: the account
 * exists only once the emailed code was entered.)
 */
export function signInErrorNotice(error: ApiError): ErrorNotice {
  return translated(englishSignInNotice(error));
}

function englishSignInNotice(error: ApiError): ErrorNotice {
  if (error.code === ErrorCode.Unauthenticated) {
    return { title: Messages.loginFailedTitle, message: Messages.loginFailed };
  }
  if (error.code === ErrorCode.RateLimited) {
    return { title: Messages.tooManyAttemptsTitle, message: error.message || Messages.rateLimited };
  }
  if (isPlatformFailure(error)) {
    return { title: Messages.somethingWentWrongTitle, message: englishGenericMessage(error) };
  }
  return { title: Messages.loginFailedTitle, message: error.message };
}

/** Registration failures that are not about one field. */
export function signUpErrorNotice(error: ApiError): ErrorNotice {
  return translated(englishSignUpNotice(error));
}

function englishSignUpNotice(error: ApiError): ErrorNotice {
  if (isPlatformFailure(error)) {
    return { title: Messages.registrationFailedTitle, message: englishGenericMessage(error) };
  }
  if (error.code === ErrorCode.BadUserInput && Object.keys(error.fieldErrors).length > 0) {
    return { title: Messages.registrationFailedTitle, message: Messages.correctHighlightedFields };
  }
  return { title: Messages.registrationFailedTitle, message: error.message || Messages.unexpected };
}

/**
 * The message for a failed action under the screen's own title: the server's words where they
 * are meant for the user (bad input, limits, expired links, conflicts), else the generic ones.
 */
export function actionErrorMessage(error: ApiError): string {
  const speaksToUser =
    error.code === ErrorCode.BadUserInput ||
    error.code === ErrorCode.RateLimited ||
    error.code === ErrorCode.Conflict ||
    error.code === ErrorCode.NotFound;
  return speaksToUser && error.message ? translateText(error.message) : genericErrorMessage(error);
}

export function actionErrorNotice(title: string, error: ApiError): ErrorNotice {
  return { title: translateText(title), message: actionErrorMessage(error) };
}

/** The sign-in challenge has run out or was used (UNAUTHENTICATED): sign in again. */
export function isChallengeExpired(error: ApiError): boolean {
  return error.code === ErrorCode.Unauthenticated;
}
