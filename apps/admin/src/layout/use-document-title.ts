import { useEffect } from 'react';

/** Sets the tab's title for the current admin screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | JIBS Admin`;
  }, [title]);
}
