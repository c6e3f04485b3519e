import { DEFAULT_SETTINGS } from '@jibs/domain';
import { FALLBACK_PUBLIC_SETTINGS, resolvePublicSettings } from './public-settings';

describe('resolvePublicSettings', () => {
  it('falls back to the standard settings when the server did not answer', () => {
    expect(resolvePublicSettings(undefined)).toEqual({
      siteName: 'JIBS',
      registrationFee: 17_500,
      monthlyDues: 2_500,
      memberFee: 2_500,
      maxFileSizeMb: DEFAULT_SETTINGS.maxFileSizeMb,
      allowedFileTypes: DEFAULT_SETTINGS.allowedFileTypes,
    });
    expect(resolvePublicSettings(null)).toBe(FALLBACK_PUBLIC_SETTINGS);
  });

  it("uses the server's values when it answered", () => {
    const fromServer = {
      siteName: 'Community Burial Fund',
      registrationFee: 20_000,
      monthlyDues: 3_000,
      memberFee: 1_500,
      maxFileSizeMb: 5,
      allowedFileTypes: ['pdf'],
    };
    expect(resolvePublicSettings(fromServer)).toEqual(fromServer);
  });

  it('keeps the standard name and file types rather than showing blanks', () => {
    const resolved = resolvePublicSettings({
      ...FALLBACK_PUBLIC_SETTINGS,
      siteName: '',
      allowedFileTypes: [],
    });
    expect(resolved.siteName).toBe('JIBS');
    expect(resolved.allowedFileTypes).toEqual(DEFAULT_SETTINGS.allowedFileTypes);
  });
});
