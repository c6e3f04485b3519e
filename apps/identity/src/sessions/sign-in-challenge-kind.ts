import { registerEnumType } from '@nestjs/graphql';

/** Keys are the GraphQL enum names; values are what is stored. */
export enum SignInChallengeKind {
  TOTP_CODE = 'totp_code',
  TOTP_ENROLLMENT = 'totp_enrollment',
  SMS_CODE = 'sms_code',
}

registerEnumType(SignInChallengeKind, {
  name: 'SignInChallengeKind',
  valuesMap: {
    TOTP_CODE: {
      description:
        'A member or admin with an authenticator: enter its current code (or a recovery code).',
    },
    SMS_CODE: {
      description:
        'A member with codes by text message: a code was just texted to their verified phone; enter it.',
    },
    TOTP_ENROLLMENT: {
      description:
        'An admin without an authenticator: set one up now (startTotpEnrollment), then enter its code.',
    },
  },
});
