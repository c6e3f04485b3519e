import { FeeSummary } from './fee-summary';
import { usePublicSettings } from '../hooks/use-public-settings';

/** The fee card with the server's fees (loaded after the landing page shows). */
export default function LiveFeeSummary() {
  return <FeeSummary settings={usePublicSettings()} />;
}
