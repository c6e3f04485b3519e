import { OutlineSvg } from '@jibs/web-ui';

/** The sidebar's Fund icon: a stack of coins (outline, currentColor, hidden). */
export const FundIcon = () => (
  <OutlineSvg>
    <ellipse cx="12" cy="6" rx="7" ry="3" />
    <path d="M5 6v6c0 1.66 3.13 3 7 3s7-1.34 7-3V6" />
    <path d="M5 12v6c0 1.66 3.13 3 7 3s7-1.34 7-3v-6" />
  </OutlineSvg>
);
