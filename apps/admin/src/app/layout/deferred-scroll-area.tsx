import type { ScrollAreaProps } from '@mantine/core';
import { lazy, Suspense, type CSSProperties } from 'react';

const ScrollArea = lazy(() => import('./scroll-area'));

/**
 * Mantine's ScrollArea for the sidebar's links, loaded after the console's first render: it
 * brought floating-ui into the first load (14 KB gzipped, shared with the tooltips). Until it
 * is in, the links scroll natively in a box of the same place and size.
 */
export function DeferredScrollArea(props: ScrollAreaProps) {
  const { children, className, style } = props;
  const attributes = Object.fromEntries(
    Object.entries(props).filter(([name]) => name.startsWith('data-') || name.startsWith('aria-')),
  );
  return (
    <Suspense
      fallback={
        <div
          {...attributes}
          className={className}
          style={{ ...(style as CSSProperties | undefined), overflowY: 'auto' }}
        >
          {children}
        </div>
      }
    >
      <ScrollArea {...props} />
    </Suspense>
  );
}
