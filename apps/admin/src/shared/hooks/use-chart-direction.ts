import { useLanguage } from '@jibs/web-data';
import { directionOf } from '@jibs/i18n';

/**
 * A bar chart's axes read the way the page does: in Arabic and Urdu the months run from right to
 * left and the values' axis stands on the right (Recharts' `reversed` and `orientation`).
 */
export function useChartDirection(): {
  xAxisProps: { reversed: boolean };
  yAxisProps: { orientation: 'left' | 'right' };
} {
  const rtl = directionOf(useLanguage().locale) === 'rtl';
  return {
    xAxisProps: { reversed: rtl },
    yAxisProps: { orientation: rtl ? 'right' : 'left' },
  };
}
