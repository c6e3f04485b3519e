/** The few icons the shell needs, inline (outline style, currentColor, hidden from readers). */
import { OutlineSvg, type IconProps } from '@jibs/web-ui';

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
