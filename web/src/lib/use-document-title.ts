import { useEffect } from 'react';
import { siteName } from './site.js';

/** "About | Town Crier" in the tab and history, so screen reader users hear where they arrived. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    const name = siteName();
    document.title = title ? `${title} | ${name}` : name;
  }, [title]);
}
