import { FeeSummary } from './fee-summary';
import { usePublicSettings } from '../hooks/use-public-settings';

/** The fee card with the server's fees, through Apollo (loaded after the landing page shows). */
export default function LiveFeeSummary() {
  const { settings, loading } = usePublicSettings();
  return <FeeSummary settings={loading ? null : settings} />;
}
