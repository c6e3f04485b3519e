/**
 * Outline icons of the contact details, on every page's footer and the contact page (currentColor,
 * hidden from screen readers). The landing page's are in public-icons.tsx, loaded with it.
 */
import type { ReactNode } from 'react';
import { OutlineSvg, type IconProps } from '@jibs/web-ui';

/** The public pages draw their icons a little larger than the shell's. */
function Svg({ size = 24, children }: IconProps & { children: ReactNode }) {
  return <OutlineSvg size={size}>{children}</OutlineSvg>;
}

export function PhoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21.5 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 1.6 4.2 2 2 0 0 1 3.6 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L7.6 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </Svg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
      <path d="m3 6.5 9 6.5 9-6.5" />
    </Svg>
  );
}

export function PlaceIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M19.5 10c0 5.5-7.5 11.5-7.5 11.5S4.5 15.5 4.5 10a7.5 7.5 0 0 1 15 0z" />
      <circle cx="12" cy="10" r="2.75" />
    </Svg>
  );
}
