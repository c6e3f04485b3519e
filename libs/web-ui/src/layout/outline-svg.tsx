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
