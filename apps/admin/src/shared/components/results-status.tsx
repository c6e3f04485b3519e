import { VisuallyHidden } from '@mantine/core';

/**
 * Tells screen readers what a search or filter found ('3 documents found'), without reading
 * the whole list out again each time it changes. The screen words it in the reader's language.
 */
export function ResultsStatus({ text }: { text: string }) {
  return <VisuallyHidden role="status">{text}</VisuallyHidden>;
}
