import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  secondFactorAnswerSchema,
} from './second-factor';

describe('recovery codes and second-factor answers', () => {
  it('reads a recovery code however it is typed', () => {
    expect(normalizeRecoveryCode('abcd-efgh-jkmn')).toBe('abcdefghjkmn');
    expect(normalizeRecoveryCode(' ABCD EFGH JKMN ')).toBe('abcdefghjkmn');
    expect(formatRecoveryCode('abcdefghjkmn')).toBe('abcd-efgh-jkmn');
  });

  it('refuses what cannot be a recovery code', () => {
    expect(normalizeRecoveryCode('abcd-efgh-jkm')).toBeNull();
    // i, l, o and u are not in the alphabet.
    expect(normalizeRecoveryCode('abcd-efgh-jklo')).toBeNull();
    expect(normalizeRecoveryCode('')).toBeNull();
  });

  it('tells a 6-digit code from a recovery code, with the product message otherwise', () => {
    expect(secondFactorAnswerSchema.parse(' 004217 ')).toEqual({ kind: 'code', code: '004217' });
    expect(secondFactorAnswerSchema.parse('abcd-efgh-jkmn')).toEqual({
      kind: 'recovery',
      code: 'abcdefghjkmn',
    });
    const digits = secondFactorAnswerSchema.safeParse('12');
    expect(digits.error?.issues[0]?.message).toBe('Please enter a 6-digit verification code');
    const other = secondFactorAnswerSchema.safeParse('nope');
    expect(other.error?.issues[0]?.message).toBe(
      'Please enter the 6-digit code or one of your recovery codes',
    );
    expect(secondFactorAnswerSchema.safeParse(undefined).success).toBe(false);
  });
});
