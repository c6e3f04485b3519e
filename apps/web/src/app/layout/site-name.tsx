import { usePublicSettings } from '../../features/public-site/hooks/use-public-settings';

/** The site's name from the live settings (a space keeps the line's height until they are in). */
export default function SiteName() {
  return usePublicSettings()?.siteName ?? '\u00a0';
}
