import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

const Tooltip = lazy(() => import('./tooltip'));

/**
 * Mantine's Tooltip, loaded after the console's first render: its positioning (floating-ui)
 * was 17 KB gzipped of the first load for labels shown only on hover or focus. Until it is in,
 * the target shows without it.
 */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
