/** The few icons the shell needs, inline (outline style, currentColor, hidden from readers). */
import type { ReactNode } from 'react';

export interface IconProps {
  size?: number;
}

/** The frame every outline icon shares: a 24-unit box, stroked in the current colour. */
export function OutlineSvg({ size = 20, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <OutlineSvg {...props}>
      <path d="M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6" />
      <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
    </OutlineSvg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <OutlineSvg {...props}>
      <path d="M5 12l5 5L20 7" />
    </OutlineSvg>
  );
}
