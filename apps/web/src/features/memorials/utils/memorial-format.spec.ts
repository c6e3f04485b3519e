import { ErrorCode, MemorialMessages } from '@jibs/domain';
import {
  emptyAsNull,
  memorialFailureMessage,
  toMemorialInput,
  EMPTY_MEMORIAL,
} from './memorial-format';
import { privacyLabel } from './memorial-privacy';

describe('memorial form values', () => {
  it('sends empty optional fields as null and keeps the family-only default', () => {
    expect(
      toMemorialInput({ ...EMPTY_MEMORIAL, fullName: '  Amina Yusuf ', biography: '  ' }),
    ).toEqual({
      fullName: 'Amina Yusuf',
      birthDate: null,
      deathDate: null,
      birthLocation: null,
      deathLocation: null,
      biography: null,
      privacyLevel: 'FAMILY_ONLY',
    });
    expect(emptyAsNull(' Cairo ')).toBe('Cairo');
    expect(emptyAsNull('\u200B\u3164 ')).toBeNull();
    expect(emptyAsNull('\u2800Cairo\u200B')).toBe('Cairo');
  });

  it('labels the privacy levels as the badges show them', () => {
    expect(privacyLabel('FAMILY_ONLY')).toBe('Family Only');
    expect(privacyLabel('PUBLIC')).toBe('Public');
    expect(privacyLabel('PRIVATE')).toBe('Private');
  });
});

describe('memorialFailureMessage', () => {
  const base = { fieldErrors: {}, network: false };
  it('words a missing or hidden memorial as the spec does', () => {
    expect(
      memorialFailureMessage({ ...base, code: ErrorCode.NotFound, message: 'x' }, 'fallback'),
    ).toBe(MemorialMessages.notFoundMessage);
  });

  it("passes the server's rate-limit message on and hides internal errors", () => {
    expect(
      memorialFailureMessage(
        { ...base, code: ErrorCode.RateLimited, message: MemorialMessages.memoryRateLimited },
        MemorialMessages.memoryFailed,
      ),
    ).toBe(MemorialMessages.memoryRateLimited);
    expect(
      memorialFailureMessage(
        { ...base, code: ErrorCode.Internal, message: 'stack trace' },
        MemorialMessages.memoryFailed,
      ),
    ).toBe(MemorialMessages.memoryFailed);
  });
});
