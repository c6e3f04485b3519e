import type { HTMLAttributes, ReactNode } from 'react';
import classes from './fold.module.css';

/**
 * Content that folds open and closed (the FAQ's answers, its question form): Mantine's Collapse
 * without its measuring hooks (1.7 KB gzipped of the FAQ's first load), animated by CSS.
 * Folded, its content stays mounted but is not displayed, and inert.
 */
export function Fold({
  expanded,
  children,
  ...others
}: { expanded: boolean; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...others}
      className={classes.fold}
      data-expanded={expanded || undefined}
      aria-hidden={!expanded}
      inert={!expanded}
    >
      <div>{children}</div>
    </div>
  );
}
