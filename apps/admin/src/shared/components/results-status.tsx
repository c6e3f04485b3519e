import { VisuallyHidden } from '@mantine/core';

/**
 * Tells screen readers what a search or filter found ('3 documents found'), without reading
 * the whole list out again each time it changes.
 */
export function ResultsStatus({
  loading,
  count,
  noun,
}: {
  loading: boolean;
  count: number | undefined;
  noun: [singular: string, plural: string];
}) {
  const text =
    loading || count === undefined
      ? `Loading ${noun[1]}`
      : `${count} ${count === 1 ? noun[0] : noun[1]} found`;
  return <VisuallyHidden role="status">{text}</VisuallyHidden>;
}
