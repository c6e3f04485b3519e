import { useEffect } from 'react';

/** The browser tab's title for a screen: "Sign in · JIBS". Screen readers announce it too. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · JIBS` : 'JIBS';
  }, [title]);
}
