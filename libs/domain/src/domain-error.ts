import { ErrorCode, type FieldErrors } from './error-codes';
import { Messages } from './messages';

/**
 * A failure the caller can act on. Services throw these; one formatter turns them into GraphQL
 * errors with `extensions.code` (and `fieldErrors` for bad input). Anything else is reported
 * as an internal error without details.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static badInput(fieldErrors: FieldErrors, message?: string): DomainError {
    return new DomainError(
      ErrorCode.BadUserInput,
      message ?? Object.values(fieldErrors)[0] ?? Messages.checkInput,
      fieldErrors,
    );
  }

  static unauthenticated(message: string = Messages.sessionExpired): DomainError {
    return new DomainError(ErrorCode.Unauthenticated, message);
  }

  static forbidden(message: string = Messages.forbidden): DomainError {
    return new DomainError(ErrorCode.Forbidden, message);
  }

  static notFound(message: string = Messages.notFound): DomainError {
    return new DomainError(ErrorCode.NotFound, message);
  }

  static conflict(message: string, fieldErrors?: FieldErrors): DomainError {
    return new DomainError(ErrorCode.Conflict, message, fieldErrors);
  }

  static rateLimited(message: string = Messages.rateLimited): DomainError {
    return new DomainError(ErrorCode.RateLimited, message);
  }
}
