import { DEFAULT_SETTINGS, type SiteSettingsValues } from '@jibs/domain';

/** What the public pages show of the site settings (money in cents). */
export type PublicSettingsValues = Pick<
  SiteSettingsValues,
  | 'siteName'
  | 'registrationFee'
  | 'monthlyDues'
  | 'memberFee'
  | 'maxFileSizeMb'
  | 'allowedFileTypes'
>;

/** The service's standard settings, shown when the live ones cannot be loaded. */
export const FALLBACK_PUBLIC_SETTINGS: PublicSettingsValues = {
  siteName: DEFAULT_SETTINGS.siteName,
  registrationFee: DEFAULT_SETTINGS.registrationFee,
  monthlyDues: DEFAULT_SETTINGS.monthlyDues,
  memberFee: DEFAULT_SETTINGS.memberFee,
  maxFileSizeMb: DEFAULT_SETTINGS.maxFileSizeMb,
  allowedFileTypes: DEFAULT_SETTINGS.allowedFileTypes,
};

/** The server's settings when it answered, otherwise the standard ones. */
export function resolvePublicSettings(
  fromServer: PublicSettingsValues | null | undefined,
): PublicSettingsValues {
  if (!fromServer) return FALLBACK_PUBLIC_SETTINGS;
  return {
    siteName: fromServer.siteName || FALLBACK_PUBLIC_SETTINGS.siteName,
    registrationFee: fromServer.registrationFee,
    monthlyDues: fromServer.monthlyDues,
    memberFee: fromServer.memberFee,
    maxFileSizeMb: fromServer.maxFileSizeMb,
    allowedFileTypes:
      fromServer.allowedFileTypes.length > 0
        ? fromServer.allowedFileTypes
        : FALLBACK_PUBLIC_SETTINGS.allowedFileTypes,
  };
}
