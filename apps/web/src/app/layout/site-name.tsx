import { usePublicSettings } from '../../features/public-site/hooks/use-public-settings';

/** The site's name from the live settings (the standard one while they load or if they fail). */
export default function SiteName() {
  return usePublicSettings().settings.siteName;
}
