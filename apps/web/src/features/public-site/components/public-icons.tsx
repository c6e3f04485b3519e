/** Outline icons for the public pages (currentColor, hidden from screen readers). */
import type { ReactNode } from 'react';
import { OutlineSvg, type IconProps } from '@jibs/web-ui';

/** The public pages draw their icons a little larger than the shell's. */
function Svg({ size = 24, children }: IconProps & { children: ReactNode }) {
  return <OutlineSvg size={size}>{children}</OutlineSvg>;
}

/** A home with a heart: the household's membership. */
export function HouseholdIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v11h14V9" />
      <path d="M12 17.5s-3-1.8-3-3.9a1.6 1.6 0 0 1 3-.8 1.6 1.6 0 0 1 3 .8c0 2.1-3 3.9-3 3.9z" />
    </Svg>
  );
}

/** A clipboard with a tick: reporting and following a case. */
export function ReportIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="8" y="2.5" width="8" height="4" rx="1" />
      <path d="M16 4.5h2a2 2 0 0 1 2 2V20a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6.5a2 2 0 0 1 2-2h2" />
      <path d="m9 14 2 2 4-4" />
    </Svg>
  );
}

/** An open book: a life's story remembered. */
export function MemorialIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.5 4.5H8a4 4 0 0 1 4 4V21a3 3 0 0 0-3-3H2.5z" />
      <path d="M21.5 4.5H16a4 4 0 0 0-4 4V21a3 3 0 0 1 3-3h6.5z" />
    </Svg>
  );
}

/** A speech bubble: guidance and support. */
export function SupportIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.4-5.1A8.5 8.5 0 1 1 21 11.5z" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.2" />
      <path d="M12 16.5h.01" />
    </Svg>
  );
}
