import {
  DomainError,
  ErrorCode,
  UploadRejection,
  uploadRejectionMessage,
  type UploadRules,
} from '@jibs/domain';

/**
 * An upload refused for a reason the member can act on: bad input (BAD_USER_INPUT), with the
 * specification's message under the `file` field. `reason` tells services which one it was.
 */
export class UploadError extends DomainError {
  constructor(
    readonly reason: UploadRejection,
    message: string,
  ) {
    super(ErrorCode.BadUserInput, message, { file: message });
    this.name = 'UploadError';
  }

  static of(reason: UploadRejection, rules: UploadRules): UploadError {
    return new UploadError(reason, uploadRejectionMessage(reason, rules));
  }
}
